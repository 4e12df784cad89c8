import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { readdirSync } from 'node:fs';
import globals from 'globals';

// Decision 033: the boundaries and type-aware rules below; none of them has an exception in the code.
const TS_PROJECTS = [
  'tsconfig.json',
  'apps/api/tsconfig.json',
  'apps/web/tsconfig.json',
  'packages/contracts/tsconfig.json',
];

/** apps/web/src/features/<name> may not import another feature: shared code moves down into components/ or lib/. */
const WEB_FEATURES = './apps/web/src/features';
const webFeatureZones = readdirSync(new URL(WEB_FEATURES, import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map(({ name }) => ({
    target: `${WEB_FEATURES}/${name}`,
    from: WEB_FEATURES,
    except: [`./${name}`],
    message: 'Features do not import each other: move the shared code down into components/ or lib/.',
  }));
const WEB_IMPORT_PATTERNS = [
  { group: ['@app/api', '@app/api/*', '**/apps/api/**'], message: 'web never imports api' },
  { group: ['../../../*'], message: 'Deep relative imports: move shared code down.' },
];
const CHARTS_ONLY_THROUGH_WRAPPER = {
  name: '@mantine/charts',
  message:
    "Import charts from '@/components/charts': it brings their stylesheet (a chart without it is unstyled).",
};
/** A module reaches another module through its service/repository, never its HTTP routes. */
const API_MODULES = './apps/api/src/modules';

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/dist-ssr/**',
      '**/node_modules/**',
      'data/**',
      'apps/api/drizzle/**',
      'test-results/**',
      '.tmp/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/consistent-type-definitions': ['error', 'type'],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-syntax': [
        'error',
        { selector: 'TSEnumDeclaration', message: 'Use string unions or as const.' },
      ],
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['../../../*'], message: 'Deep relative imports: move shared code down.' }] },
      ],
    },
  },
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/external-module-folders': ['node_modules', 'node_modules/@types'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createTypeScriptImportResolver({ project: TS_PROJECTS, noWarnOnMultipleProjects: true }),
      ],
    },
    rules: {
      // Type imports count too: a cycle of types still ties two modules into one unit.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
    },
  },
  {
    files: ['apps/api/**/*.ts'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              // Shared layers sit below the modules; an import upwards would close a cycle through a module.
              target: ['./apps/api/src/{lib,plugins,db,providers}/**/!(*.test).ts'],
              from: API_MODULES,
              message: 'lib/, plugins/, db/ and providers/ are below the modules and never import them.',
            },
            {
              target: `${API_MODULES}/*/!(*.test).ts`,
              from: `${API_MODULES}/*/*.routes.ts`,
              message: 'A module calls another module through its service or repository, never its routes.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'import-x/no-restricted-paths': ['error', { zones: webFeatureZones }],
      'no-restricted-imports': [
        'error',
        { paths: [CHARTS_ONLY_THROUGH_WRAPPER], patterns: WEB_IMPORT_PATTERNS },
      ],
    },
  },
  {
    // The one module that may import the charts: it brings their stylesheet along.
    files: ['apps/web/src/components/charts.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: WEB_IMPORT_PATTERNS }] },
  },
);
