import type { FastifyInstance, FastifyRequest } from 'fastify';
import { headlineKpis } from '../../shared/assessments/kpis.ts';
import type {
  Assessment,
  AssessmentSummary,
  AssessmentTemplate,
  AssessmentTemplates,
} from '../../shared/assessments/types.ts';
import { positiveId } from '../accounts/access.ts';
import type { RouteGuard } from '../access/route-rules.ts';
import type { AccessRules } from '../access/rules.ts';
import { authOf } from '../auth/request-auth.ts';
import type { Db, Queryable } from '../db/index.ts';
import { badRequest, notFound } from '../http/errors.ts';
import { pagedResult, pageRequest } from '../http/paging.ts';
import { ok } from '../http/respond.ts';
import { assertSignable, draftInput, signedAlready } from './input.ts';
import {
  countAssessments,
  findAssessment,
  replaceActions,
  selectActions,
  selectAssessments,
  type StoredAssessment,
} from './store.ts';
import {
  newestTemplate,
  pinnedTemplate,
  type TemplateFile,
  type Templates,
  type TemplateVersion,
} from './templates.ts';

/**
 * The rules of config/rules.json: `vet-vision` (the unit holds a plan with vetvision that the
 * caller may see: its farm's users, or the staff of that plan's provider, who complete and sign
 * as the farm does, and read as the sponsoring buyer), and `vet-vision-actions` (farm users only:
 * marking a signed assessment's action done).
 */
const READ_WRITE: RouteGuard = { rule: 'vet-vision', scope: 'unit' };
const ACTIONS: RouteGuard = { rule: 'vet-vision-actions', scope: 'unit' };

interface UnitParams {
  unitId: string;
}
interface AssessmentParams extends UnitParams {
  assessmentId: string;
}

export interface AssessmentDeps {
  db: Db;
  templates: Templates;
  access: AccessRules;
  clock: () => number;
}

const asTemplate = (file: TemplateFile): AssessmentTemplate => file;

/**
 * Vet Vision assessments (issue 20 point 1; docs/openapi.yaml, tag Assessments): a unit's herd
 * health visits on a template of config/assessments/, pinned to the version started on. Drafts
 * are saved whole (PUT), signed once (then 409 on every edit), and a signed one's actions are
 * marked done by the farm. An assessment of another unit answers 404.
 */
export function registerAssessmentRoutes(app: FastifyInstance, deps: AssessmentDeps): void {
  const { db, templates, access } = deps;
  const now = () => new Date(deps.clock()).toISOString();

  const unitOf = (request: FastifyRequest<{ Params: UnitParams }>) =>
    positiveId(request.params.unitId, 'unitId');

  const versionOf = (stored: StoredAssessment): TemplateVersion => {
    const { id, version } = stored.summary.template;
    const found = pinnedTemplate(templates, id, version);
    // validate:config keeps every published version; a missing one is a broken deployment.
    if (!found) throw new Error(`Assessment template ${id}@${String(version)} is not installed.`);
    return found;
  };

  const summaryOf = (stored: StoredAssessment): AssessmentSummary => ({
    ...stored.summary,
    template: { ...stored.summary.template, title: versionOf(stored).file.title },
  });

  const find = async (q: Queryable, unitId: number, raw: string, lock = false) => {
    const found = await findAssessment(q, unitId, positiveId(raw, 'assessmentId'), lock);
    if (!found) throw notFound(`There is no assessment ${raw} of this unit.`);
    return found;
  };

  const full = async (request: FastifyRequest, stored: StoredAssessment): Promise<Assessment> => {
    const { user } = authOf(request);
    const draft = stored.summary.status === 'draft';
    const farm =
      (await access.grants(user, 'vet-vision-actions', { unitId: stored.summary.unitId })).length >
      0;
    return {
      ...summaryOf(stored),
      answers: stored.answers,
      actions: await selectActions(db, stored.summary.id),
      may: { edit: draft, sign: draft, markActionsDone: !draft && farm },
    };
  };

  app.get<{ Params: UnitParams }>(
    '/units/:unitId/assessments/templates',
    { config: { access: 'user', guard: READ_WRITE } },
    () => {
      const answer: AssessmentTemplates = { templates: [], current: {} };
      for (const template of templates.values()) {
        for (const version of template.versions) answer.templates.push(asTemplate(version.file));
        const newest = newestTemplate(templates, template.id);
        if (newest) answer.current[template.id] = newest.file.version;
      }
      return ok(answer);
    },
  );

  app.get<{
    Params: UnitParams;
    Querystring: { page?: string; per_page?: string; status?: string };
  }>(
    '/units/:unitId/assessments',
    { config: { access: 'user', guard: READ_WRITE } },
    async (request) => {
      const unitId = unitOf(request);
      const page = pageRequest(request.query);
      const { status } = request.query;
      if (status !== undefined && status !== 'draft' && status !== 'signed')
        throw badRequest('status must be draft or signed.', { status: 'is invalid' });
      const filter = status;
      const total = await countAssessments(db, unitId, filter);
      const rows = await selectAssessments(db, unitId, filter, page.perPage, page.offset);
      return ok(pagedResult(page, total, rows.map(summaryOf)));
    },
  );

  app.post<{ Params: UnitParams }>(
    '/units/:unitId/assessments',
    { config: { access: 'user', guard: READ_WRITE } },
    async (request) => {
      const unitId = unitOf(request);
      const { user } = authOf(request);
      const templateId = (request.body as { template?: unknown } | null)?.template;
      const version =
        typeof templateId === 'string' ? newestTemplate(templates, templateId) : undefined;
      if (!version)
        throw badRequest(`Name the template: one of ${[...templates.keys()].join(', ')}.`, {
          template: 'is not a template',
        });
      const input = draftInput(request.body, version);
      const id = await db.transaction(async (tx) => {
        const { rows } = await tx.query<{ id: number }>(
          `insert into assessments (unit_id, template_id, template_version, visit_date, vet_name,
             practice, answers, kpis, created_by, created_at, updated_at)
           values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $10) returning id`,
          [
            unitId,
            version.file.id,
            version.file.version,
            input.visitDate,
            input.vetName,
            input.practice,
            JSON.stringify(input.answers),
            JSON.stringify(headlineKpis(version.file, input.answers)),
            user.id,
            now(),
          ],
        );
        const created = rows[0]?.id as number;
        await replaceActions(tx, created, input.actions);
        return created;
      });
      return ok(await full(request, await find(db, unitId, String(id))));
    },
  );

  app.get<{ Params: AssessmentParams }>(
    '/units/:unitId/assessments/:assessmentId',
    { config: { access: 'user', guard: READ_WRITE } },
    async (request) =>
      ok(await full(request, await find(db, unitOf(request), request.params.assessmentId))),
  );

  app.put<{ Params: AssessmentParams }>(
    '/units/:unitId/assessments/:assessmentId',
    { config: { access: 'user', guard: READ_WRITE } },
    async (request) => {
      const unitId = unitOf(request);
      await db.transaction(async (tx) => {
        const stored = await find(tx, unitId, request.params.assessmentId, true);
        if (stored.summary.status === 'signed')
          throw signedAlready('This assessment is signed: it can no longer be changed.');
        const version = versionOf(stored);
        const input = draftInput(request.body, version);
        await tx.query(
          `update assessments set visit_date = $2, vet_name = $3, practice = $4, answers = $5,
             kpis = $6, updated_at = $7 where id = $1`,
          [
            stored.summary.id,
            input.visitDate,
            input.vetName,
            input.practice,
            JSON.stringify(input.answers),
            JSON.stringify(headlineKpis(version.file, input.answers)),
            now(),
          ],
        );
        await replaceActions(tx, stored.summary.id, input.actions);
      });
      return ok(await full(request, await find(db, unitId, request.params.assessmentId)));
    },
  );

  app.post<{ Params: AssessmentParams }>(
    '/units/:unitId/assessments/:assessmentId/sign',
    { config: { access: 'user', guard: READ_WRITE } },
    async (request) => {
      const unitId = unitOf(request);
      const { user } = authOf(request);
      await db.transaction(async (tx) => {
        const stored = await find(tx, unitId, request.params.assessmentId, true);
        if (stored.summary.status === 'signed')
          throw signedAlready('This assessment is signed already.');
        assertSignable(stored.answers, versionOf(stored));
        await tx.query(
          `update assessments set status = 'signed', signed_by = $2, signed_at = $3,
             updated_at = $3 where id = $1`,
          [stored.summary.id, user.id, now()],
        );
      });
      return ok(await full(request, await find(db, unitId, request.params.assessmentId)));
    },
  );

  app.post<{ Params: AssessmentParams & { actionId: string } }>(
    '/units/:unitId/assessments/:assessmentId/actions/:actionId/done',
    { config: { access: 'user', guard: ACTIONS } },
    async (request) => {
      const unitId = unitOf(request);
      const { user } = authOf(request);
      const actionId = positiveId(request.params.actionId, 'actionId');
      await db.transaction(async (tx) => {
        const stored = await find(tx, unitId, request.params.assessmentId, true);
        if (stored.summary.status !== 'signed')
          throw signedAlready('Actions are marked done once the assessment is signed.');
        const { rows } = await tx.query<{ done: boolean }>(
          `select done_at is not null as done from assessment_actions
            where id = $1 and assessment_id = $2 for update`,
          [actionId, stored.summary.id],
        );
        const action = rows[0];
        if (!action) throw notFound(`There is no action ${String(actionId)} on this assessment.`);
        if (action.done) throw signedAlready('This action is marked done already.');
        await tx.query('update assessment_actions set done_at = $2, done_by = $3 where id = $1', [
          actionId,
          now(),
          user.id,
        ]);
      });
      return ok(await full(request, await find(db, unitId, request.params.assessmentId)));
    },
  );
}
