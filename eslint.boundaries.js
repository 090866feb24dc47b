// Which part of the code may import which (docs/architecture.md). Every source file belongs to
// one element; an import between two elements must match a policy below, and it reaches a core
// area or a server module only through that element's index.ts, its public face. Imports inside
// one element (one core area, one server module) are its own business and are not checked.
import boundaries from 'eslint-plugin-boundaries';

const element = (type, more = {}) => ({ element: { type, ...more } });
/** The public face of a core area or server module; core areas also share test fixtures. */
const publicFace = (type) => element(type, { fileInternalPath: ['index.ts', '*.fixture.ts'] });

const SERVER_ONLY_APP = { element: { type: 'app' }, file: { categories: 'server-only' } };
/** The composition root's configuration, which modules are handed (never app.ts or main.ts). */
const SERVER_CONFIG = { element: { type: 'server-root' }, file: { path: 'server/config.ts' } };
/** The clock the composition root hands modules and page loaders, so tests can move time on. */
const SERVER_CLOCK = { element: { type: 'server-root' }, file: { path: 'server/clock.ts' } };
const SERVER_INFRA = ['server-db', 'server-http', 'server-gateway', 'server-root', 'server-demo'];
const TOOLS = ['tests', 'bench', 'scripts'];

export const boundaryRules = [
  {
    files: ['**/*.ts', '**/*.tsx'],
    plugins: { boundaries },
    settings: {
      'import/resolver': { typescript: { alwaysTryTypes: true, project: './tsconfig.json' } },
      'boundaries/include': [
        'core/**',
        'app/**',
        'server/**',
        'tests/**',
        'bench/**',
        'scripts/**',
      ],
      'boundaries/ignore': ['**/*.d.ts'],
      'boundaries/elements': [
        { type: 'core', pattern: 'core/*', capture: ['area'], partialMatch: false },
        { type: 'app', pattern: 'app', partialMatch: false },
        {
          type: 'server-module',
          pattern: 'server/modules/*',
          capture: ['module'],
          partialMatch: false,
        },
        { type: 'server-db', pattern: 'server/db', partialMatch: false },
        { type: 'server-http', pattern: 'server/http', partialMatch: false },
        { type: 'server-gateway', pattern: 'server/gateway', partialMatch: false },
        { type: 'server-demo', pattern: 'server/demo', partialMatch: false },
        { type: 'server-root', pattern: 'server', partialMatch: false },
        { type: 'tests', pattern: 'tests', partialMatch: false },
        { type: 'bench', pattern: 'bench', partialMatch: false },
        { type: 'scripts', pattern: 'scripts', partialMatch: false },
      ],
      // React Router keeps `.server` files out of the browser build, so only they may reach the server.
      'boundaries/files': [
        { category: 'server-only', pattern: '**/*.server.{ts,tsx}' },
        { category: 'server-only', pattern: '**/*.server.test.{ts,tsx}' },
        { category: 'test', pattern: '**/*.test.{ts,tsx}' },
        // A fixture is the setup tests share, so it is held to the rules of tests.
        { category: 'test', pattern: '**/*.fixture.ts' },
      ],
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'disallow',
          checkAllOrigins: true,
          message:
            'Not allowed: {{from.element.type}} ({{from.file.path}}) may not import {{to.file.path}}. See docs/architecture.md: core imports only core, app imports server only from .server files, and a core area or server module is imported only through its index.ts.',
          policies: [
            { allow: { to: { module: { origin: 'external' } } } },
            // core does no I/O: Node's built-in modules are for everything else.
            {
              from: [{ element: { type: ['server-*', ...TOOLS] } }, SERVER_ONLY_APP],
              allow: { to: { module: { origin: 'core' } } },
            },
            { from: element('core'), allow: { to: publicFace('core') } },
            { from: element('app'), allow: [{ to: publicFace('core') }, { to: element('app') }] },
            {
              from: SERVER_ONLY_APP,
              allow: [
                { to: publicFace('server-module') },
                { to: element(['server-http', 'server-db']) },
                { to: SERVER_CLOCK },
              ],
            },
            {
              from: element('server-module'),
              allow: [
                { to: publicFace('core') },
                { to: publicFace('server-module') },
                { to: element(['server-db', 'server-http']) },
                { to: SERVER_CONFIG },
                { to: SERVER_CLOCK },
              ],
            },
            {
              from: element(SERVER_INFRA),
              allow: [
                { to: publicFace('core') },
                { to: publicFace('server-module') },
                { to: element(SERVER_INFRA) },
              ],
            },
            // A test beside the code it tests builds the app and its databases with the test harness.
            {
              from: { file: { categories: 'test' } },
              allow: [{ to: element(['tests', 'server-root', 'server-http', 'server-db']) }],
            },
            {
              from: element(TOOLS),
              allow: [
                { to: publicFace('core') },
                { to: publicFace('server-module') },
                { to: element(['app', ...SERVER_INFRA, ...TOOLS]) },
              ],
            },
          ],
        },
      ],
    },
  },
];

const QUERY_BUILDERS =
  /^(selectFrom|selectNoFrom|insertInto|replaceInto|updateTable|deleteFrom|mergeInto)$/;
const SQL_ONLY_IN_REPOSITORIES =
  'SQL lives only in *.repository.ts files and server/db (docs/architecture.md): ask the module that owns the table through its service.';

/**
 * No SQL outside repositories: no Kysely query builder, no sql`` template, no prepared statement.
 * Tests, their fixtures and benchmarks may read and write rows directly, to check what was stored
 * and to build states no user action reaches.
 */
export const sqlRules = [
  {
    files: ['**/*.ts', '**/*.tsx'],
    ignores: [
      '**/*.repository.ts',
      'server/db/**',
      '**/*.test.{ts,tsx}',
      '**/*.fixture.ts',
      '**/*.e2e.ts',
      'tests/**',
      'bench/**',
    ],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: `CallExpression[callee.property.name=${QUERY_BUILDERS}]`,
          message: SQL_ONLY_IN_REPOSITORIES,
        },
        { selector: "TaggedTemplateExpression[tag.name='sql']", message: SQL_ONLY_IN_REPOSITORIES },
        { selector: "CallExpression[callee.object.name='sql']", message: SQL_ONLY_IN_REPOSITORIES },
        {
          selector: 'CallExpression[callee.property.name=/^(prepare|pragma)$/]',
          message: SQL_ONLY_IN_REPOSITORIES,
        },
      ],
    },
  },
];
