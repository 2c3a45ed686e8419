import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// Client import boundaries (docs/architecture.md): app/ composes features; a feature imports no other
// feature and nothing of app/; lib/ and components/ are shared by all and import neither. A block for
// the same files replaces an earlier block's options of a rule, so each one repeats the server ban.
const serverBan = { group: ['**/server/**'], message: 'The client never imports server code.' };
const clientImports = (...patterns) => ({ 'no-restricted-imports': ['error', { patterns: [serverBan, ...patterns] }] });
const features = readdirSync(new URL('src/client/features', import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);
const featureBoundaries = features.map((name) => ({
  files: [`src/client/features/${name}/**/*.{ts,tsx}`],
  rules: clientImports({
    // Up out of the feature into app/ or another feature's folder, at any depth.
    regex: `^(\\.\\./)+(app|${features.filter((f) => f !== name).join('|')})(/|$)|(^|/)features/`,
    message: 'A feature imports no other feature and nothing of app/: shared code goes to components/ or lib/, and app/ composes features.',
  }),
}));

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'test-results/**', 'playwright-report/**', 'data/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  {
    files: ['src/client/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      ...clientImports(),
    },
  },
  {
    files: ['src/client/{lib,components}/**/*.{ts,tsx}'],
    rules: clientImports({
      group: ['**/features/**', '**/app/**'],
      message: 'lib/ and components/ are shared by every feature: they import no feature and nothing of app/.',
    }),
  },
  ...featureBoundaries,
  {
    // Plumbing under every module: it imports no module and no policy (tests may).
    files: ['src/server/{lib,db}/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/modules/**', '**/policies/**'],
              message: 'lib/ and db/ serve every module: they import no module and no policy.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [{ group: ['**/server/**', '**/client/**', 'node:*'], message: 'Shared code has no Node, server or client imports.' }],
        },
      ],
    },
  },
);
