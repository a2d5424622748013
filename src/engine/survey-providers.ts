/**
 * The providers that send surveys: the `provider` of each config/surveys/ file, read at build
 * (only that field of each file reaches the bundle). The flag provider_sends_surveys is worked
 * out from it by shared/access/state.ts, as the server works it out from the same files
 * (server/surveys/definitions.ts, readSurveyProviders).
 */
const providers = import.meta.glob<string>('../../config/surveys/*.json', {
  eager: true,
  import: 'provider',
});

export const SURVEY_PROVIDERS: readonly string[] = [...new Set(Object.values(providers))].sort();
