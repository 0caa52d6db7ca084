// Import rules for `npm run lint:deps` (dependency-cruiser). They see every import, relative or `@/`,
// type-only included, so a layer cannot be crossed by writing the path another way. Test files may
// reach into fixtures anywhere; the rules are about product code.

const TESTS = '\\.test\\.tsx?$|/__fixtures__/|/test-fixtures\\.ts$';
const E = '^lib/engine/';

/** No module of `folder` imports a module of the engine outside the folders it may use. */
const engineFolder = (name, folder, mayUse, comment) => ({
  name,
  comment,
  severity: 'error',
  from: { path: `${E}${folder}/`, pathNot: TESTS },
  to: { path: E, pathNot: `${E}(${[folder, ...mayUse].join('|')})(/|\\.ts$)` },
});

/** Files at the top of lib/engine that every folder may use: errors, ids, config, audit, settings. */
const ROOT_UTILS = ['errors', 'ids', 'config', 'audit', 'settings'];

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'An import cycle: split out what both sides need into a module below both.',
      severity: 'error',
      from: { path: '^(lib|app|components)/' },
      to: { circular: true },
    },
    {
      name: 'contract-only-zod',
      comment: 'lib/contract is the interface: it depends on zod and on itself only.',
      severity: 'error',
      from: { path: '^lib/contract/' },
      to: { pathNot: '^lib/contract/|^node_modules/zod/' },
    },
    {
      name: 'ingest-only-contract',
      comment:
        'lib/ingest reads rows in the browser and the server alike: it may use the contract, not the engine or UI.',
      severity: 'error',
      from: { path: '^lib/ingest/', pathNot: TESTS },
      to: { path: '^(lib/engine|lib/dashboard|components|app)/' },
    },
    {
      name: 'engine-not-ui',
      comment: 'The engine never reaches into the dashboard, its components or the Next app.',
      severity: 'error',
      from: { path: E },
      to: { path: '^(lib/dashboard|components|app)/' },
    },
    {
      name: 'ui-not-engine',
      comment:
        'Client code (components, lib/dashboard outside server/) talks to the engine over HTTP only; the contract is shared.',
      severity: 'error',
      // Tests may check the browser's reading against the engine's (lib/dashboard/upload/parse-file.test.ts).
      from: { path: '^(components|lib/dashboard)/', pathNot: `^lib/dashboard/server/|${TESTS}` },
      to: { path: E },
    },
    {
      name: 'client-not-dashboard-server',
      comment:
        'Components and the client part of lib/dashboard never import its server modules (sessions, secrets, upstream forwarding).',
      severity: 'error',
      from: { path: '^(components|lib/dashboard)/', pathNot: '^lib/dashboard/server/' },
      to: { path: '^lib/dashboard/server/' },
    },
    {
      name: 'engine-http-is-the-top',
      comment:
        'Only the HTTP layer itself and runtime.ts (which starts the spool sweep) import lib/engine/http.',
      severity: 'error',
      from: { path: E, pathNot: `${E}(http/|runtime\\.ts$)|${TESTS}` },
      to: { path: `${E}http/` },
    },
    {
      name: 'engine-runtime-from-http-only',
      comment: 'The engine instance (runtime.ts, boot.ts) is reached from the HTTP layer, not from below it.',
      severity: 'error',
      from: { path: E, pathNot: `${E}(http/|runtime\\.ts$|boot\\.ts$)|${TESTS}` },
      to: { path: `${E}(runtime|boot)\\.ts$` },
    },
    // The engine's folders, from the bottom up (each may use the ones named, and ROOT_UTILS).
    engineFolder('engine-net', 'net', [], 'net/ (fetching, URL guard) is a leaf.'),
    engineFolder('engine-threads', 'threads', [], 'threads/ (worker bundling) is a leaf.'),
    engineFolder(
      'engine-planner',
      'planner',
      [],
      'planner/ turns text into a task definition from the contract alone.',
    ),
    engineFolder('engine-db', 'db', ['threads'], 'db/ (schema, clients) is below every folder that stores.'),
    engineFolder(
      'engine-secrets',
      'secrets',
      [...ROOT_UTILS],
      'secrets/ uses nothing of the engine but its utilities.',
    ),
    engineFolder(
      'engine-auth',
      'auth',
      ['db', ...ROOT_UTILS],
      'auth/ (API keys) is stored keys and nothing else.',
    ),
    engineFolder(
      'engine-research',
      'research',
      ['llm', 'net', 'threads', 'planner', ...ROOT_UTILS],
      'research/ and llm/ read pages and ask models; they never touch the store.',
    ),
    engineFolder(
      'engine-llm',
      'llm',
      ['research', 'net', 'threads', 'planner', ...ROOT_UTILS],
      'llm/ and research/ read pages and ask models; they never touch the store.',
    ),
    engineFolder(
      'engine-tasks',
      'tasks',
      ['db', 'llm', 'research', 'planner', 'net', ...ROOT_UTILS],
      'tasks/ (definitions, runs) sits below batches, the queue and webhooks.',
    ),
    engineFolder(
      'engine-batches',
      'batches',
      ['db', 'tasks', 'net', 'threads', ...ROOT_UTILS],
      'batches/ never imports webhooks/ or the queue; a cancel runs through the job store it is given.',
    ),
    engineFolder(
      'engine-webhooks',
      'webhooks',
      ['db', 'batches', 'net', ...ROOT_UTILS],
      'webhooks/ sends what batches/ stores (payload parts built from batches/result-row.ts).',
    ),
    engineFolder(
      'engine-monitors',
      'monitors',
      ['db', 'batches', 'tasks', 'research', 'webhooks', ...ROOT_UTILS],
      'monitors/ compares the runs of a watched sheet; it starts batches as any client does.',
    ),
    engineFolder(
      'engine-queue',
      'queue',
      ['db', 'batches', 'tasks', 'research', 'llm', 'net', 'webhooks', ...ROOT_UTILS],
      'queue/ (claims, the worker) runs tasks over batches; it is below only http/ and runtime.ts.',
    ),
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|\\.next)/' },
    tsConfig: { fileName: 'tsconfig.json' },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
    },
  },
};
