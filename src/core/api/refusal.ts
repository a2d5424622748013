import { ApiError } from './errors.ts';

/** A 406's messages by key ("sbi", "Feature 2 (Bow Tie)"), when the server refused the input. */
export function refusalOf(
  error: unknown,
): { message: string; problems: [string, string[]][] } | undefined {
  if (!(error instanceof ApiError) || error.status !== 406) return undefined;
  const errors = error.body?.errors;
  const problems: [string, string[]][] =
    !errors || Array.isArray(errors)
      ? []
      : Object.entries(errors).map(([key, value]) => [key, [value].flat()]);
  return { message: error.message, problems };
}
