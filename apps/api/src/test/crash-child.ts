/**
 * The API in a process of its own, for tests that kill it (ingestion.crash.test.ts): opens the
 * database it is given (a PostgreSQL URL, or a PGlite directory), listens
 * on a free port of 127.0.0.1 and prints `port=N` once it accepts requests.
 */
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/database.ts';

const databaseUrl = process.env.CRASH_DATABASE_URL;
const dataDir = process.env.CRASH_DATA_DIR ?? 'memory';
const database = await openDatabase(
  databaseUrl ? { databaseUrl, dataDir: 'memory', poolMax: 2 } : { dataDir },
);
const app = await buildApp({
  config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }),
  database,
  logger: false,
});
await app.listen({ host: '127.0.0.1', port: 0 });
const address = app.server.address();
process.stdout.write(`port=${typeof address === 'object' && address ? address.port : 0}\n`);
