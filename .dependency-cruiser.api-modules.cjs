const { options } = require('./.dependency-cruiser.cjs');

const apiFolder = '^apps/api/src/(modules/)?[^/]+$';

/**
 * No cycle between API modules, nor between them and the shared folders (http/, db/, mail/,
 * crypto/, plugins/), type imports included (decision 0057), checked by `npm run lint:imports` on
 * apps/api/src without the tests, which build another module's data on purpose.
 * A separate run: a folder rule sees every file cruised, so the tests must be left out of the cruise.
 * @type {import('dependency-cruiser').IConfiguration}
 */
module.exports = {
  forbidden: [
    {
      name: 'api-modules-form-no-cycle',
      comment:
        'Two API modules that need each other, even for a type, cannot be understood or changed alone: one declares what it needs and app.ts passes it in. The shared folders sit below every module.',
      severity: 'error',
      scope: 'folder',
      from: { path: apiFolder },
      to: { path: apiFolder, circular: true },
    },
  ],
  options: {
    ...options,
    exclude: { path: ['(^|/)(node_modules|dist)/', '^apps/api/src/test/', '[.](test|fixtures)[.]ts$'] },
  },
};
