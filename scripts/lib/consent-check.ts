/**
 * config/consent.json checked against what names its categories: each category id once, and
 * each rule's "consent" of config/rules.json naming one of them or records:<type> of a record type
 * config/records/ has. Problems name the file, a JSON pointer and a hint, as config-references.ts
 * does.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { ConsentFile, RulesFile } from '../../shared/config-types.generated.ts';

interface Problem {
  file: string;
  pointer: string;
  message: string;
  hint: string;
}

const RECORDS = /^records:(.+)$/;

export function checkConsent(configDir: string, rel: (file: string) => string): Problem[] {
  const consentFile = path.join(configDir, 'consent.json');
  const rulesFile = path.join(configDir, 'rules.json');
  if (!existsSync(consentFile) || !existsSync(rulesFile)) return [];
  const consent = JSON.parse(readFileSync(consentFile, 'utf8')) as ConsentFile;
  const rules = JSON.parse(readFileSync(rulesFile, 'utf8')) as RulesFile;
  const recordsDir = path.join(configDir, 'records');
  const recordTypes = existsSync(recordsDir)
    ? readdirSync(recordsDir)
        .filter((f) => f.endsWith('.json'))
        .map((f) => path.basename(f, '.json'))
    : [];
  const problems: Problem[] = [];

  const ids = new Set<string>();
  consent.categories.forEach((category, index) => {
    if (ids.has(category.id)) {
      problems.push({
        file: rel(consentFile),
        pointer: `/categories/${String(index)}/id`,
        message: `names the category "${category.id}" a second time`,
        hint: 'give each category its own id',
      });
    }
    ids.add(category.id);
  });

  const known = [...ids, ...recordTypes.map((t) => `records:${t}`)].sort();
  for (const [name, rule] of Object.entries(rules.rules)) {
    (rule.consent ?? []).forEach((id, index) => {
      const type = RECORDS.exec(id)?.[1];
      const ok = type === undefined ? ids.has(id) : recordTypes.includes(type);
      if (ok) return;
      problems.push({
        file: rel(rulesFile),
        pointer: `/rules/${name}/consent/${String(index)}`,
        message:
          type === undefined
            ? `names the consent category "${id}", which config/consent.json does not define`
            : `names the records of "${type}", which config/records/ does not have`,
        hint: `use one of: ${known.join(', ')}`,
      });
    });
  }
  return problems;
}
