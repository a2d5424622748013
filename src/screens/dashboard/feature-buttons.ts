/**
 * The dashboard's button grid: one button per feature, shown when the user has the feature and
 * the portal has its route. Plan features come from the active plan; company features from the
 * user's permissions.
 */
export interface FeatureButton {
  label: string;
  path: string;
  /** A plan feature (from the active plan) or a user feature (from accessTo). */
  feature: string;
  source: 'plan' | 'user';
}

export const FEATURE_BUTTONS: readonly FeatureButton[] = [
  { label: 'Select Farm', path: '/units/list', feature: 'listUnits', source: 'user' },
  { label: 'Insights', path: '/customer-insights', feature: 'insights', source: 'user' },
  { label: 'News', path: '/news', feature: 'companyNews', source: 'user' },
  {
    label: 'Knowledge Exchange',
    path: '/knowledge-exchange',
    feature: 'company_technical_resources',
    source: 'user',
  },
  {
    label: 'Animal Records',
    path: '/unit/records/animal',
    feature: 'records_animal',
    source: 'plan',
  },
  { label: 'Batch Records', path: '/unit/records/batch', feature: 'records_batch', source: 'plan' },
  { label: 'Crop Records', path: '/unit/records/crop', feature: 'records_crop', source: 'plan' },
  { label: 'Daily Records', path: '/unit/records/daily', feature: 'records_daily', source: 'plan' },
  {
    label: 'Monthly Records',
    path: '/unit/records/monthly',
    feature: 'records_monthly',
    source: 'plan',
  },
  {
    label: 'Monthly Forecasts',
    path: '/unit/records/monthly/forecast',
    feature: 'forecasts_monthly',
    source: 'plan',
  },
  {
    label: 'Annual Records',
    path: '/unit/records/annual',
    feature: 'records_annual',
    source: 'plan',
  },
  {
    label: 'Annual Forecasts',
    path: '/unit/records/annual/forecast',
    feature: 'forecasts_annual',
    source: 'plan',
  },
  {
    label: 'Feed Deliveries',
    path: '/unit/records/feed-deliveries',
    feature: 'feed_deliveries',
    source: 'plan',
  },
  {
    label: 'Lab Results',
    path: '/unit/records/lab-results',
    feature: 'records_labresults',
    source: 'plan',
  },
  { label: 'Farm Documents', path: '/unit/documents/farm', feature: 'documents', source: 'plan' },
  { label: 'News', path: '/news', feature: 'newsfeed', source: 'plan' },
  {
    label: 'Knowledge Exchange',
    path: '/knowledge-exchange',
    feature: 'technical_resources',
    source: 'plan',
  },
  {
    label: 'Monthly Reports',
    path: '/unit/reporting/monthly',
    feature: 'reporting',
    source: 'plan',
  },
  {
    label: 'Annual Reports',
    path: '/unit/reporting/annual',
    feature: 'reporting_annual',
    source: 'plan',
  },
  {
    label: 'Crop Reports',
    path: '/unit/reporting/crop',
    feature: 'reporting_crops',
    source: 'plan',
  },
  { label: 'Surveys', path: '/unit/surveys', feature: 'surveys', source: 'plan' },
  { label: 'Submissions', path: '/unit/submissions', feature: 'submissions', source: 'plan' },
];

/** The buttons for these features, among the routes the portal has, each path once. */
export function buttonsFor(
  planFeatures: readonly string[],
  userFeatures: readonly string[],
  routePaths: ReadonlySet<string>,
): FeatureButton[] {
  const seen = new Set<string>();
  return FEATURE_BUTTONS.filter((b) => {
    const has = (b.source === 'plan' ? planFeatures : userFeatures).includes(b.feature);
    if (!has || !routePaths.has(b.path) || seen.has(b.path)) return false;
    seen.add(b.path);
    return true;
  });
}
