// `npm start`: brings the build up to date (build-if-stale.mjs), then runs the built server in this
// same process, so a start boots Node once rather than twice.
import './build-if-stale.mjs';

await import('../apps/api/dist/server.js');
