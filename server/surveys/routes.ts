import type { FastifyInstance } from 'fastify';
import { registerCompanySurveyRoutes } from './company-routes.ts';
import { registerFarmSurveyRoutes, type SurveyDeps } from './farm-routes.ts';
import { registerNoticeRoutes } from './notice-routes.ts';
import { registerSubmissionRoutes } from './submission-routes.ts';

/** Surveys and Submissions (issue 18): docs/openapi.yaml, tag Surveys. */
export function registerSurveyRoutes(app: FastifyInstance, deps: SurveyDeps): void {
  registerFarmSurveyRoutes(app, deps);
  registerSubmissionRoutes(app, deps);
  registerNoticeRoutes(app, deps);
  registerCompanySurveyRoutes(app, deps);
}
