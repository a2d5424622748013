import Fastify, {
  type FastifyInstance,
  type FastifyServerOptions,
  type RouteOptions,
} from 'fastify';
import appConfig from '../config/app.json' with { type: 'json' };
import { registerInternalRoutes } from './auth/internal-routes.ts';
import { installRequestAuth } from './auth/request-auth.ts';
import { registerAccountRoutes } from './accounts/routes.ts';
import { registerArticleRoutes } from './articles/routes.ts';
import { registerUnitSummary, unitSummaryCache, unitTag } from './accounts/unit-summary.ts';
import { registerUnitsList, unitsListCache } from './accounts/units-list.ts';
import { DEFAULT_SEARCH_LIMITS, type SearchLimits } from './accounts/units-search.ts';
import { registerAuthRoutes } from './auth/routes.ts';
import { registerBrandingRoutes } from './branding/routes.ts';
import { registerCalculatorRoutes } from './calculators/routes.ts';
import { loadSurveys } from './surveys/definitions.ts';
import { loadBenchmarkingRules, loadEnterprises } from './benchmarks/declarations.ts';
import { registerFarmBenchmarkRoutes } from './benchmarks/farm-routes.ts';
import { registerInsightsRoutes } from './benchmarks/insights-routes.ts';
import { BenchmarkService } from './benchmarks/service.ts';
import { registerSurveyRoutes } from './surveys/routes.ts';
import { registerPrefillRoute } from './calculators/prefill.ts';
import { registerSavedCalculationRoutes } from './calculators/saved.ts';
import type { Db } from './db/index.ts';
import { registerDocumentRoutes } from './documents/routes.ts';
import { installIdempotency } from './idempotency/install.ts';
import { JoinableDb } from './idempotency/joined-db.ts';
import { frameworkErrorHandler, installErrorHandling, sendApiNotFound } from './http/errors.ts';
import { installApiCompression } from './http/compression.ts';
import { installInputGuards } from './http/input-guards.ts';
import { ok } from './http/respond.ts';
import { installSecurityHeaders } from './http/security-headers.ts';
import { installStatic } from './http/static.ts';
import { loadRecordTypes } from './records/record-types.ts';
import { installRouteRules } from './access/route-rules.ts';
import { AccessRules, serverRuleBook, unitAccessCache } from './access/rules.ts';
import { registerRecordRoutes } from './records/routes.ts';
import { registerRemittanceRoutes } from './remittance/routes.ts';
import { registerAssessmentRoutes } from './assessments/routes.ts';
import { loadAssessmentTemplates, type Templates } from './assessments/templates.ts';
import { registerMiFarmRoutes } from './mifarm/routes.ts';
import { installAccessLog } from './consent/access-log.ts';
import { registerConsentRoutes } from './consent/routes.ts';
import { loadReports } from './reports/declarations.ts';
import { registerReportRoutes } from './reports/routes.ts';
import { loadDashboard } from './dashboard/declaration.ts';
import { registerDashboardOverview } from './dashboard/overview.ts';
import { registerDashboardRoutes } from './dashboard/routes.ts';
import { registerTelemetryRoutes } from './telemetry/routes.ts';
import { registerUserRoutes } from './users/routes.ts';

export interface AppOptions {
  db: Db;
  production: boolean;
  /** The built portal to serve beside the API; omitted, only /api answers. */
  staticDir?: string | undefined;
  logger?: FastifyServerOptions['logger'];
  /** Enables the operator calls under /api/internal (see server/auth/internal-routes.ts). */
  adminKey?: string;
  /** True when a trusted proxy sets X-Forwarded-For (TRUST_PROXY=1). */
  trustProxy?: boolean;
  /** Told of every route as it is added; the OpenAPI check lists the API through it. */
  onRoute?: (route: RouteOptions) => void;
  /** Requests whose URL matches fail with a 500, for testing (FAIL_REQUESTS_MATCHING). */
  failRequestsMatching?: RegExp | undefined;
  /** The server's clock in milliseconds since the epoch; injectable for tests. */
  clock?: () => number;
  /** Requests signed before this epoch millisecond are refused (see RequestAuthOptions). */
  acceptSignaturesFrom?: number | undefined;
  /** Vet Vision templates other than config/assessments/ (a test's second version). */
  assessmentTemplates?: Templates | undefined;
  /** The units search's limits other than its defaults (a test of the count's cap, say). */
  unitsSearch?: Partial<SearchLimits> | undefined;
}

/**
 * Request lines in the log name the method and path, never the query string: a search for a
 * farm or a person, a sign-in token in a link, are what users typed or were sent, not ours.
 */
function withPrivateRequestLogs(
  logger: FastifyServerOptions['logger'],
): FastifyServerOptions['logger'] {
  if (typeof logger !== 'object') return logger;
  return {
    ...logger,
    serializers: {
      ...logger.serializers,
      req: (request: { method: string; url: string; id?: string }) => ({
        id: request.id,
        method: request.method,
        path: request.url.split('?')[0],
      }),
    },
  };
}

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { db, production } = options;
  const app = Fastify({
    logger: withPrivateRequestLogs(options.logger ?? false),
    // Only behind a load balancer may X-Forwarded-For name the client; otherwise it is spoofable.
    trustProxy: options.trustProxy ?? false,
    bodyLimit: 1024 * 1024,
    // While draining on shutdown, new requests get 503 so a load balancer retries elsewhere.
    return503OnClosing: true,
    // The router's own refusals (a path that is not UTF-8) answer the API's error object too.
    frameworkErrors: frameworkErrorHandler(production),
  });

  const { onRoute } = options;
  if (onRoute) app.addHook('onRoute', (route) => onRoute(route));
  installSecurityHeaders(app, production);
  installErrorHandling(app, production);
  installInputGuards(app);
  await installRequestAuth(app, {
    db,
    production,
    applicationKeys: [appConfig.applicationKey],
    clock: options.clock,
    acceptSignaturesFrom: options.acceptSignaturesFrom,
  });
  // The routes whose writes commit with their Idempotency-Key's answer are given `joinable`.
  const joinable = new JoinableDb(db);
  installIdempotency(app, db, joinable);
  // After the request's own checks, so that it fails like a handler would.
  const failing = options.failRequestsMatching;
  if (failing) {
    app.addHook('preHandler', async (request) => {
      if (failing.test(request.url)) {
        throw new Error(`Injected failure: ${request.url} matches FAIL_REQUESTS_MATCHING`);
      }
    });
  }

  await app.register(
    async (api) => {
      await installApiCompression(api);
      api.get('/health', { config: { access: 'keyless' } }, async () => {
        await db.query('select 1');
        return ok({ up: true, database: db.kind });
      });
      registerAuthRoutes(api, db);
      registerAccountRoutes(api, db);
      registerBrandingRoutes(api, db);
      registerTelemetryRoutes(api, db);
      const recordTypes = loadRecordTypes();
      const unitAccess = unitAccessCache(db, options.clock);
      await unitAccess.start();
      api.addHook('onClose', () => unitAccess.stop());
      const access = new AccessRules(db, serverRuleBook([...recordTypes.values()]), {
        clock: options.clock,
        unitAccess,
      });
      installRouteRules(api, access);
      installAccessLog(api, db, options.clock ?? Date.now);
      const unitsList = unitsListCache(db, options.clock);
      await unitsList.start();
      api.addHook('onClose', () => unitsList.stop());
      registerUnitsList(api, db, {
        limits: { ...DEFAULT_SEARCH_LIMITS, ...options.unitsSearch },
        cache: unitsList,
      });
      registerUserRoutes(api, db);
      registerArticleRoutes(api, db);
      registerDocumentRoutes(api, db);
      const summaries = unitSummaryCache(db, options.clock);
      await summaries.start();
      api.addHook('onClose', () => summaries.stop());
      registerRecordRoutes(api, joinable, recordTypes, (unitId) =>
        summaries.forgetTag(unitTag(unitId)),
      );
      const reports = loadReports();
      const surveys = loadSurveys();
      registerReportRoutes(api, db, reports, access, options.clock);
      registerDashboardRoutes(api, db, loadDashboard(), reports, surveys, access, options.clock);
      registerDashboardOverview(api, db, recordTypes, access);
      registerUnitSummary(api, db, recordTypes, access, summaries);
      registerCalculatorRoutes(api);
      registerSavedCalculationRoutes(api, joinable);
      registerPrefillRoute(api, db, recordTypes, access);
      registerSurveyRoutes(api, {
        db: joinable,
        surveys,
        access,
        recordTypes,
        clock: options.clock ?? Date.now,
      });
      registerRemittanceRoutes(api, db, options.clock);
      registerAssessmentRoutes(api, {
        db,
        templates: options.assessmentTemplates ?? loadAssessmentTemplates(),
        access,
        clock: options.clock ?? Date.now,
      });
      registerMiFarmRoutes(api, db, access, reports, options.clock);
      registerConsentRoutes(api, db, access, options.clock);
      const benchmarks = new BenchmarkService(
        db,
        loadBenchmarkingRules(),
        loadEnterprises(),
        options.clock,
      );
      registerFarmBenchmarkRoutes(api, db, benchmarks);
      registerInsightsRoutes(api, db, benchmarks, surveys, options.clock);
      if (options.adminKey !== undefined) registerInternalRoutes(api, db, options.adminKey, access);
    },
    { prefix: '/api' },
  );

  if (options.staticDir !== undefined) {
    await installStatic(app, options.staticDir, production);
  } else {
    app.setNotFoundHandler((request, reply) => sendApiNotFound(request, reply, production));
  }

  return app;
}
