import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { projectPath } from '../project-root.ts';
import type {
  BenchmarkingRules,
  EnterpriseDeclaration,
} from '../../shared/benchmarking/declaration.ts';

const DIR = projectPath('config', 'benchmarking');

const readJson = <T>(file: string): T => {
  const { $schema: _schema, ...data } = JSON.parse(readFileSync(file, 'utf8')) as T & {
    $schema?: string;
  };
  return data as T;
};

/** config/benchmarking/rules.json: checked by validate:config against its schema. */
export const loadBenchmarkingRules = (dir = DIR): BenchmarkingRules =>
  readJson<BenchmarkingRules>(path.join(dir, 'rules.json'));

/** Every config/benchmarking/enterprises/*.json, by id: a new enterprise is a new file. */
export function loadEnterprises(dir = DIR): Map<string, EnterpriseDeclaration> {
  const enterprises = new Map<string, EnterpriseDeclaration>();
  const folder = path.join(dir, 'enterprises');
  for (const file of readdirSync(folder)
    .filter((f) => f.endsWith('.json'))
    .sort()) {
    const enterprise = readJson<EnterpriseDeclaration>(path.join(folder, file));
    enterprises.set(enterprise.id, enterprise);
  }
  return enterprises;
}
