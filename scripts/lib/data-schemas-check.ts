/**
 * The check the server leaves to this script: that every data schema in config/ (a record type's,
 * a survey page's, an assessment section's) compiles. The server compiles each at its first use
 * (server/http/lazy-validator.ts), not at start, so without this a schema ajv cannot compile
 * would first be found by the user submitting that form. Compiled here by the server's own
 * loaders, with its ajv options.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { loadRecordTypes } from '../../server/records/record-types.ts';
import { loadVersionedPages } from '../../server/surveys/definitions.ts';
import type { Validator } from '../../server/http/lazy-validator.ts';

interface Problem {
  file: string;
  pointer: string;
  message: string;
  hint: string;
}

const HINT = 'correct the JSON Schema (ajv could not turn it into a validator)';

/** A problem when `validate` does not compile; its first call compiles it. */
function compileProblem(validate: Validator, file: string, pointer: string): Problem[] {
  try {
    validate({});
    return [];
  } catch (error) {
    const message = `does not compile: ${error instanceof Error ? error.message : String(error)}`;
    return [{ file, pointer, message, hint: HINT }];
  }
}

function pagedProblems(dir: string, rel: (file: string) => string): Problem[] {
  const problems: Problem[] = [];
  for (const survey of loadVersionedPages(dir).values()) {
    for (const { file, validators } of survey.versions) {
      const name = rel(path.join(dir, `${file.id}@${String(file.version)}.json`));
      file.pages.forEach((page, i) => {
        const validate = validators.get(page.id);
        if (validate)
          problems.push(...compileProblem(validate, name, `/pages/${String(i)}/schema`));
      });
    }
  }
  return problems;
}

export function checkDataSchemas(configDir: string, rel: (file: string) => string): Problem[] {
  const problems: Problem[] = [];
  const recordsDir = path.join(configDir, 'records');
  if (readdirSync(configDir).includes('records')) {
    for (const type of loadRecordTypes(recordsDir).values()) {
      const file = rel(path.join(recordsDir, `${type.name}.json`));
      problems.push(...compileProblem(type.validate, file, '/schema'));
    }
  }
  problems.push(...pagedProblems(path.join(configDir, 'surveys'), rel));
  problems.push(...pagedProblems(path.join(configDir, 'assessments'), rel));
  return problems;
}
