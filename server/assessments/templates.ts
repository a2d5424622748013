import { projectPath } from '../project-root.ts';
import type { AssessmentSection, AssessmentTemplate } from '../../shared/assessments/types.ts';
import {
  currentVersion,
  loadVersionedPages,
  versionOf,
  type PageSchema,
  type Survey,
  type SurveyVersion,
} from '../surveys/definitions.ts';

const ASSESSMENTS_DIR = projectPath('config', 'assessments');

/** A template as the server holds it: its sections' schemas compiled as survey pages are. */
export type TemplateFile = Omit<AssessmentTemplate, 'pages'> & {
  pages: (AssessmentSection & { schema: PageSchema })[];
};
export type TemplateVersion = SurveyVersion<TemplateFile>;
export type Templates = ReadonlyMap<string, Survey<TemplateFile>>;

/**
 * Every config/assessments/<id>@<version>.json, loaded by the surveys' own loader (each section's
 * validator compiled at its first use; validate:config has checked them and that they compile). A
 * new version is a new file; assessments keep theirs.
 */
export function loadAssessmentTemplates(dir = ASSESSMENTS_DIR): Templates {
  return loadVersionedPages<TemplateFile>(dir);
}

/** The newest version of a template, for a new assessment. */
export function newestTemplate(templates: Templates, id: string): TemplateVersion | undefined {
  const template = templates.get(id);
  return template && currentVersion(template);
}

/** The version an assessment is pinned to. */
export function pinnedTemplate(
  templates: Templates,
  id: string,
  version: number,
): TemplateVersion | undefined {
  const template = templates.get(id);
  return template && versionOf(template, version);
}
