import type { ReportDeclaration } from '../../shared/reports/declaration.ts';

const files = import.meta.glob<ReportDeclaration>('../../config/reports/*.json', {
  eager: true,
  import: 'default',
});

/**
 * Every report of config/reports/, by id: the portal needs their titles and conditions (their
 * rules, report:<id>); the figures come worked out from the server.
 */
export const reports: ReadonlyMap<string, ReportDeclaration> = new Map(
  Object.values(files).map((report) => [report.id, report]),
);
