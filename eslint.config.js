import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import path from 'node:path';

const FEATURE_ROOT = /src\/(web\/features|server\/modules)\/([^/]+)\//;

/** A file under features/<a>/ (or modules/<a>/) may not import from features/<b>/. */
const noCrossFeature = {
  meta: { type: 'problem', schema: [] },
  create(context) {
    const own = context.filename.match(FEATURE_ROOT);
    return {
      ImportDeclaration(node) {
        const source = node.source.value;
        if (!own || !source.startsWith('.')) return;
        const target = path.resolve(path.dirname(context.filename), source) + '/';
        const other = target.match(FEATURE_ROOT);
        if (other && other[1] === own[1] && other[2] !== own[2]) {
          context.report({
            node,
            message: `Feature "${own[2]}" imports feature "${other[2]}"; move shared code to lib/, components/ or src/shared.`,
          });
        }
      },
    };
  },
};

const restrict = (patterns) => ({
  'no-restricted-imports': ['error', { patterns }],
});

export default tseslint.config(
  {
    ignores: [
      'node_modules',
      'dist',
      'data',
      'drizzle',
      'test-results',
      'playwright-report',
      '.tmp',
      'bench/results',
      'src/web/routeTree.gen.ts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
    },
  },
  // One-way imports: shared imports neither side; server and web never import each other.
  {
    files: ['src/shared/**'],
    rules: restrict([
      {
        group: ['**/server/**', '**/web/**'],
        message: 'src/shared imports neither server nor web.',
      },
    ]),
  },
  {
    files: ['src/server/**'],
    rules: restrict([{ group: ['**/web/**'], message: 'The server does not import web code.' }]),
  },
  {
    files: ['src/web/**'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...restrict([{ group: ['**/server/**'], message: 'Web code does not import server code.' }]),
    },
  },
  // Layouts use a feature only through its public entry; shared UI (components/, lib/) imports
  // no feature and no layout. (A later block replaces the rule for a file, so each repeats the
  // server ban.)
  {
    files: ['src/web/layouts/**'],
    rules: restrict([
      { group: ['**/server/**'], message: 'Web code does not import server code.' },
      {
        // A feature's public entry (features/<name>/index.ts) only.
        group: ['**/features/*/**'],
        message:
          "Layouts import a feature's public entry (features/<name>), not its internals; move shared code to lib/ or components/.",
      },
    ]),
  },
  {
    files: ['src/web/lib/**', 'src/web/components/**'],
    rules: restrict([
      { group: ['**/server/**'], message: 'Web code does not import server code.' },
      {
        group: ['**/features/**'],
        message:
          'Shared UI does not import feature internals; move shared code to lib/ or components/.',
      },
      { group: ['**/layouts/**'], message: 'Shared UI does not import a layout.' },
    ]),
  },
  // Web tests may start the server's local stand-ins for outside services (src/server/test: a
  // model provider of the OpenAI protocol, an OpenID provider), never the server's code.
  {
    files: ['src/web/**/*.test.ts', 'src/web/**/*.test.tsx'],
    rules: restrict([
      {
        regex: '(^|/)server/(?!test/)',
        message: 'Web tests import only the server test stand-ins (src/server/test).',
      },
    ]),
  },
  // Pages over this size are split into components (blank lines and comments not counted).
  {
    files: ['src/**'],
    rules: { 'max-lines': ['warn', { max: 400, skipBlankLines: true, skipComments: true }] },
  },
  // Features never import another feature's internals.
  {
    files: ['src/web/features/**', 'src/server/modules/**'],
    plugins: { boundaries: { rules: { 'no-cross-feature': noCrossFeature } } },
    rules: { 'boundaries/no-cross-feature': 'error' },
  },
);
