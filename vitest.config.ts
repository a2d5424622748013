import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { calculatorForms } from './scripts/vite/calculator-forms.ts';
import { jsonFields } from './scripts/vite/json-fields.ts';
import { plainTextMarkdownAlias } from './scripts/vite/plain-text-markdown.ts';
import { recordValidators } from './scripts/vite/record-validators.ts';
import { surveyForms } from './scripts/vite/survey-forms.ts';
import { themes } from './scripts/vite/themes.ts';

export default defineConfig({
  plugins: [
    react(),
    jsonFields(),
    recordValidators(new URL('./config/records', import.meta.url).pathname),
    calculatorForms(
      new URL('./config/calculators/ui', import.meta.url).pathname,
      new URL('./schemas/calculators/inputs', import.meta.url).pathname,
    ),
    surveyForms(new URL('./config/surveys', import.meta.url).pathname),
    surveyForms(
      new URL('./config/assessments', import.meta.url).pathname,
      'virtual:assessment-forms',
    ),
    themes(new URL('./themes', import.meta.url).pathname),
  ],
  resolve: { alias: [plainTextMarkdownAlias] },
  test: {
    projects: [
      {
        extends: true,
        // Unit tests cover browser code (src/), so they run in a DOM too.
        test: { name: 'unit', environment: 'happy-dom', include: ['tests/unit/**/*.test.ts'] },
      },
      {
        extends: true,
        test: {
          name: 'component',
          environment: 'happy-dom',
          include: ['tests/component/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/setup-dom.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          environment: 'node',
          include: ['tests/server/**/*.test.ts'],
          // Migrated and seeded once per run; each test app gets a copy (tests/server/db-template.ts).
          globalSetup: ['tests/server/global-setup.ts'],
          // Each file boots its own PGlite; scrypt at OWASP cost makes logins deliberately slow.
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
