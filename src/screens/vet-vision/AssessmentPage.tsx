import { useSearchParams } from 'react-router-dom';
import type { Assessment, AssessmentTemplates } from '../../../shared/assessments/types.ts';
import { useApi } from '../../core/api/use-api.ts';
import { DetailPage } from '../../ui/detail/DetailPage.tsx';
import { LoadFailed } from '../../ui/errors/LoadFailed.tsx';
import { PageLoading } from '../../ui/PageLoading.tsx';
import { AssessmentEditor } from './AssessmentEditor.tsx';
import { AssessmentView } from './AssessmentView.tsx';
import { assessmentsPath, currentTemplates, pinnedOf } from './kpi-format.ts';

const BACK = { to: '..', relative: 'path', label: 'All assessments' } as const;

/**
 * One assessment: "new" opens an empty form on the newest version of the template in the query;
 * a draft the caller may edit opens as its form; otherwise (signed) it reads only.
 */
export function AssessmentPage({ unitId, id }: { unitId: number; id: string }) {
  const templates = useApi<AssessmentTemplates>(`${assessmentsPath(unitId)}/templates`);
  if (id === 'new') return <NewAssessment unitId={unitId} templates={templates} />;
  return <ExistingAssessment unitId={unitId} id={id} templates={templates.data} />;
}

function NewAssessment({
  unitId,
  templates,
}: {
  unitId: number;
  templates: ReturnType<typeof useApi<AssessmentTemplates>>;
}) {
  const [search] = useSearchParams();
  if (templates.data === undefined) {
    return templates.error ? (
      <LoadFailed
        what="The assessment templates"
        error={templates.error}
        onRetry={() => void templates.mutate()}
      />
    ) : (
      <PageLoading />
    );
  }
  const current = currentTemplates(templates.data);
  const template = current.find((t) => t.id === search.get('template')) ?? current[0];
  if (!template) return <p>There is no assessment template to start from.</p>;
  return <AssessmentEditor unitId={unitId} template={template} back={BACK} />;
}

function ExistingAssessment({
  unitId,
  id,
  templates,
}: {
  unitId: number;
  id: string;
  templates: AssessmentTemplates | undefined;
}) {
  const read = useApi<Assessment>(`${assessmentsPath(unitId)}/${encodeURIComponent(id)}`);
  return (
    <DetailPage read={read} back={BACK} title="Assessment" what="The assessment">
      {(assessment) => {
        const template = pinnedOf(templates, assessment.template);
        if (!template) return <PageLoading />;
        return assessment.may.edit ? (
          <AssessmentEditor
            unitId={unitId}
            template={template}
            existing={assessment}
            onSaved={(saved) => void read.mutate(saved, { revalidate: false })}
          />
        ) : (
          <AssessmentView
            unitId={unitId}
            assessment={assessment}
            template={template}
            onChanged={(changed) => void read.mutate(changed, { revalidate: false })}
          />
        );
      }}
    </DetailPage>
  );
}
