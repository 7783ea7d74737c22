const { options } = require('./.dependency-cruiser.cjs');

/**
 * The API modules still in a cycle with each other through type imports (issue 18 §2): auth and
 * users name each other's types (the caller, the account). Left out of the rule until undone; the
 * list only shrinks.
 */
const moduleCyclesToUndo = ['auth', 'users'];
const apiModule = '^apps/api/src/modules/[^/]+$';
const cycleLeft = `^apps/api/src/modules/(${moduleCyclesToUndo.join('|')})$`;

/**
 * No cycle between API modules, type imports included (decision 0057), checked by `npm run
 * lint:imports` on apps/api/src without the tests, which build another module's data on purpose.
 * A separate run: a folder rule sees every file cruised, so the tests must be left out of the cruise.
 * @type {import('dependency-cruiser').IConfiguration}
 */
module.exports = {
  forbidden: [
    {
      name: 'api-modules-form-no-cycle',
      comment:
        'Two API modules that need each other, even for a type, cannot be understood or changed alone: one declares what it needs and app.ts passes it in.',
      severity: 'error',
      scope: 'folder',
      from: { path: apiModule, pathNot: cycleLeft },
      to: { path: apiModule, pathNot: cycleLeft, circular: true },
    },
  ],
  options: {
    ...options,
    exclude: { path: ['(^|/)(node_modules|dist)/', '^apps/api/src/test/', '[.](test|fixtures)[.]ts$'] },
  },
};
