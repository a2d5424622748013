import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { CompanySurveySummary } from '../../../shared/surveys/types.ts';
import { useApiPaged } from '../../core/api/use-api.ts';
import { ListView } from '../../ui/list/ListView.tsx';
import { surveyLink } from './links.ts';
import { StatusCounts } from './StatusCounts.tsx';
import { SurveyDates } from './SurveyDates.tsx';
import { countsSentence, PHASE_LABELS } from './survey-status.ts';
import styles from './SurveyResponses.module.css';

const PER_PAGE = 10;

/** The provider's surveys, newest due date first, each with who has answered it. */
export function SurveysList() {
  const [page, setPage] = useState(1);
  const list = useApiPaged<CompanySurveySummary>('/surveys', { page, perPage: PER_PAGE });
  return (
    <>
      <h1>Survey Responses</h1>
      <ListView
        read={list}
        what="The surveys"
        skeleton={{ shape: 'cards' }}
        empty="Your organisation has no surveys."
        exports={{ print: true, what: 'surveys' }}
        perPage={PER_PAGE}
        onPageChange={setPage}
        pagesLabel="Surveys pages"
      >
        {(data) => (
          <ul className={styles.cards} aria-label="Surveys">
            {data.records.map((survey) => (
              <li key={survey.id} className={styles.card}>
                <h2 className={styles.cardTitle}>
                  <Link to={surveyLink(survey.id)}>{survey.title}</Link>
                </h2>
                <p className={styles.sentence}>{countsSentence(survey.counts)}</p>
                <p className={styles.meta}>
                  <span className={styles.phase}>{PHASE_LABELS[survey.phase]}</span> · Version{' '}
                  {survey.currentVersion} · <SurveyDates survey={survey} />
                </p>
                <StatusCounts counts={survey.counts} label={`Responses to ${survey.title}`} />
              </li>
            ))}
          </ul>
        )}
      </ListView>
    </>
  );
}
