/**
 * The server's dependency rules (STYLE.md "Dependency rules"), checked by `npm run lint`:
 * platform knows no module; a module, demo/ or a root file (src/*.ts) reaches a module only through its index.ts;
 * no cycles; demo and the composition root (app.ts) are reached by nobody inside modules or platform; repositories
 * stay below routes.
 */
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-cycles',
      severity: 'error',
      comment: 'Modules and files form no import cycle (type-only imports included).',
      from: { path: '^src/' },
      to: { circular: true },
    },
    {
      name: 'platform-imports-no-module',
      severity: 'error',
      comment: 'platform/ knows no domain: it imports nothing from modules/, demo/ or the composition root.',
      from: { path: '^src/platform/' },
      to: { path: ['^src/modules/', '^src/demo/', '^src/app\\.ts$', '^src/index\\.ts$'] },
    },
    {
      name: 'modules-only-through-index',
      severity: 'error',
      comment: 'A module imports another module only through its index.ts (schema.ts composes the tables.ts files).',
      from: { path: '^src/modules/([^/]+)/' },
      to: {
        path: '^src/modules/([^/]+)/',
        pathNot: ['^src/modules/$1/', '^src/modules/[^/]+/index\\.ts$'],
      },
    },
    {
      name: 'demo-and-root-only-through-index',
      severity: 'error',
      comment: 'demo/ and the root files (app.ts, index.ts, seed.ts, ...) reach a module only through its index.ts.',
      from: { path: ['^src/demo/', '^src/[^/]+\\.ts$'] },
      to: { path: '^src/modules/[^/]+/', pathNot: '^src/modules/[^/]+/index\\.ts$' },
    },
    {
      name: 'schema-reads-only-tables',
      severity: 'error',
      comment: "modules/schema.ts composes the modules' tables.ts and nothing else of theirs.",
      from: { path: '^src/modules/schema\\.ts$' },
      to: { path: '^src/modules/[^/]+/', pathNot: '^src/modules/[^/]+/tables\\.ts$' },
    },
    {
      name: 'modules-not-into-demo-or-root',
      severity: 'error',
      comment: 'Modules never import demo data or the composition root.',
      from: { path: '^src/modules/', pathNot: '/tests/' },
      to: { path: ['^src/demo/', '^src/app\\.ts$', '^src/index\\.ts$'] },
    },
    {
      name: 'repositories-below-use-cases',
      severity: 'error',
      comment: 'Repositories hold SQL: they import no routes, use cases of other kinds, or Fastify.',
      from: { path: '-repository\\.ts$' },
      to: { path: ['routes\\.ts$', '-service\\.ts$', '^fastify$', 'node_modules/fastify/'] },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['node_modules', '\\.d\\.ts$'] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default'] },
  },
};
