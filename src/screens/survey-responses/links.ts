import type { To } from 'react-router-dom';

// The addresses of the screen's three views (SurveyResponsesScreen), on the route's own path.
export const surveysLink: To = { search: '' };
export const surveyLink = (surveyId: string): To => ({
  search: `?survey=${encodeURIComponent(surveyId)}`,
});
export const responseLink = (surveyId: string, unitId: number): To => ({
  search: `?survey=${encodeURIComponent(surveyId)}&unit=${String(unitId)}`,
});
