import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { projectPath } from '../project-root.ts';
import type { ReportDeclaration } from '../../shared/reports/declaration.ts';

const REPORTS_DIR = projectPath('config', 'reports');

/**
 * Every config/reports/*.json, by id, read once at start; `npm run validate:config` has checked
 * them against schemas/report.schema.json and the record types' fields.
 */
export function loadReports(dir = REPORTS_DIR): Map<string, ReportDeclaration> {
  const reports = new Map<string, ReportDeclaration>();
  for (const file of readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()) {
    const { $schema: _schema, ...report } = JSON.parse(
      readFileSync(path.join(dir, file), 'utf8'),
    ) as ReportDeclaration & { $schema?: string };
    reports.set(report.id, report);
  }
  return reports;
}
