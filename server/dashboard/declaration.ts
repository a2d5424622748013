import dashboardJson from '../../config/dashboard.json' with { type: 'json' };
import type { DashboardDeclaration } from '../../shared/dashboard/declaration.ts';

/**
 * config/dashboard.json as the server reads it; `npm run validate:config` has checked it against
 * schemas/dashboard.schema.json and every report, measure, headline and action source it names.
 */
export function loadDashboard(): DashboardDeclaration {
  const { $schema: _schema, ...declaration } = dashboardJson as DashboardDeclaration & {
    $schema?: string;
  };
  return declaration;
}
