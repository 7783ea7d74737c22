const apiModules = '^apps/api/src/modules/';

/**
 * The architecture's import rules (docs/architecture.md), checked by `npm run lint`:
 * no import cycles anywhere; a web feature imports no other feature (shared code lives in
 * components/ and lib/); the domain package imports nothing of the apps; an API
 * module imports no value of another (app.ts passes what it needs).
 * @type {import('dependency-cruiser').IConfiguration}
 */
module.exports = {
  forbidden: [
    {
      name: 'no-cycle',
      comment: 'Modules that import each other cannot be understood, tested or split apart alone.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'web-feature-imports-no-other-feature',
      comment: 'A feature is a folder of its own; what two features share goes to components/ or lib/.',
      severity: 'error',
      from: { path: '^apps/web/src/features/([^/]+)/' },
      to: { path: '^apps/web/src/features/', pathNot: '^apps/web/src/features/$1/' },
    },
    {
      name: 'every-import-resolves',
      comment: 'An import the checker cannot follow would hide the rules above.',
      severity: 'error',
      from: {},
      to: { couldNotResolve: true },
    },
    {
      name: 'texts-through-the-one-catalogue',
      comment:
        'A text is read as messages.<area>.<key>: the area files are parts of messages.ts, imported by it and its test alone (sign-in-messages.ts is also read by the signed-out screens, decision 0039).',
      severity: 'error',
      from: { pathNot: '^packages/domain/src/messages/messages([.]test)?[.]ts$' },
      to: {
        path: '^packages/domain/src/messages/[a-z-]+-messages[.]ts$',
        pathNot: '/sign-in-messages[.]ts$',
      },
    },
    {
      name: 'domain-imports-no-app',
      comment: 'The domain package holds pure rules shared by both apps.',
      severity: 'error',
      from: { path: '^packages/domain/' },
      to: { path: '^apps/' },
    },
    {
      name: 'api-module-reaches-another-through-app',
      comment:
        "An API module gets another module's services and repositories from app.ts (types may be imported); tests may reach across to build their data.",
      severity: 'error',
      from: { path: `${apiModules}([^/]+)/`, pathNot: '[.]test[.]ts$' },
      to: { path: apiModules, pathNot: `${apiModules}$1/`, dependencyTypesNot: ['type-only'] },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.depcruise.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'default'] },
  },
};
