// Import boundaries (docs/architecture.md): checked by `npm run deps` and inside `npm test`.
// Type-only imports count: a type import is still a compile-time dependency and it is how most
// of our layer inversions start. Any violation fails the run.

/** Server files that may import `src/server/http/`: the composition root wires the HTTP app. */
const HTTP_IMPORTERS = ['^src/server/main\\.ts$'];

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment:
        'No import cycles. The generated route tree (src/app/routeTree.gen.ts) imports every route and is exempt: cycles through it are the router\'s own wiring.',
      severity: 'error',
      from: {},
      to: { circular: true, viaOnly: { pathNot: '^src/app/routeTree\\.gen\\.ts$' } },
    },
    {
      name: 'shared-is-a-leaf',
      comment: 'src/shared runs in the browser and in Node: it imports nothing from src/app or src/server.',
      severity: 'error',
      from: { path: '^src/shared/' },
      to: { path: '^src/(app|server)/' },
    },
    {
      name: 'shared-no-node-builtins',
      comment: 'src/shared runs in the browser too: no node:* or other Node built-in modules.',
      severity: 'error',
      from: { path: '^src/shared/' },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'app-not-server',
      comment: 'The client never imports the server; what both need lives in src/shared.',
      severity: 'error',
      from: { path: '^src/app/' },
      to: { path: '^src/server/' },
    },
    {
      name: 'server-not-app',
      comment: 'The server never imports the client; what both need lives in src/shared.',
      severity: 'error',
      from: { path: '^src/server/' },
      to: { path: '^src/app/' },
    },
    {
      name: 'features-through-index',
      comment:
        'A feature (src/app/features/<area>) imports another feature only through its index.ts, the few widgets, hooks and queries it offers. A chunk loaded on demand (a dynamic import) names its own module instead, so it stays a chunk of its own. Which feature may use which, without cycles, is no-feature-cycle (scripts/deps.mjs).',
      severity: 'error',
      from: { path: '^src/app/features/([^/]+)/' },
      to: {
        path: '^src/app/features/',
        pathNot: ['^src/app/features/$1/', '^src/app/features/[^/]+/index\\.tsx?$'],
        dependencyTypesNot: ['dynamic-import'],
      },
    },
    {
      name: 'app-foundation-not-features',
      comment: 'components/, api/, query/ and i18n/ sit under the features and routes: they never import them.',
      severity: 'error',
      from: { path: '^src/app/(components|api|query|i18n)/' },
      to: { path: '^src/app/(features|routes)/' },
    },
    {
      name: 'components-fetch-nothing',
      comment:
        'src/app/components is generic UI (page, top bar, dialogs, sheet, form fields, the chart engine): it fetches nothing, so it imports neither the API client and queries (src/app/api, src/app/query) nor TanStack Query. A widget that reads data belongs to its feature. The browser\'s online flag (query/online.ts) is not a fetch: AsOf shows a time only offline.',
      severity: 'error',
      from: { path: '^src/app/components/' },
      to: {
        path: ['^src/app/(api|query)/', '^node_modules/@tanstack/react-query/'],
        pathNot: '^src/app/query/online\\.ts$',
      },
    },
    {
      name: 'modules-through-index',
      comment: 'A server module reaches another module only through that module\'s index.ts.',
      severity: 'error',
      from: { path: '^src/server/modules/([^/]+)/' },
      to: {
        path: '^src/server/modules/[^/]+/',
        pathNot: ['^src/server/modules/$1/', '^src/server/modules/[^/]+/index\\.ts$'],
      },
    },
    {
      name: 'index-exports-use-cases',
      comment:
        'A module\'s index.ts offers use cases (its services and jobs, use-case functions, the types of their contract), never the parts other areas would assemble them from: it imports none of its own SQL (repo.ts, <name>-repo.ts, trigger-sql.ts), settle / context internals (how a position is built and posted) or market.ts (trading\'s price internals; read-only price questions are use cases of their own, e.g. trade/prices.ts).',
      severity: 'error',
      from: { path: '^src/server/modules/([^/]+)/index\\.ts$' },
      to: { path: '^src/server/modules/$1/(repo|[^/]+-repo|trigger-sql|settle|context|market)\\.ts$' },
    },
    {
      name: 'migrations-are-frozen',
      comment:
        'A migration imports nothing from src/server/modules: it keeps its own copy of any SQL text it needs, so later code cannot change what it creates (docs/architecture.md, the module template).',
      severity: 'error',
      from: { path: '^src/server/db/migrations/' },
      to: { path: '^src/server/modules/' },
    },
    {
      name: 'http-only-from-http',
      comment:
        'Only src/server/http (and the composition root, main.ts) imports src/server/http: services, modules and platform code know nothing of HTTP.',
      severity: 'error',
      from: { path: '^src/server/', pathNot: ['^src/server/http/', ...HTTP_IMPORTERS] },
      to: { path: '^src/server/http/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      mainFields: ['module', 'main', 'types', 'typings'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
