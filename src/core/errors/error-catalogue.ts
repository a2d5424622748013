import type { ApiErrorBody } from '../../../shared/api.ts';
import { ErrorType } from '../../../shared/api.ts';
import { isRecoverableRefusal } from '../../../shared/signed-fetch.ts';
import { ApiError } from '../api/errors.ts';

/** What the error catalogue (spec section 8) says to do about one error. */
export interface ErrorOutcome {
  /** The dialog to show, or null for none. */
  dialog: { title: string; message: string; items?: string[] } | null;
  /** A 401: the user is logged out. */
  logout: boolean;
}

export const DEFAULT_MESSAGES = {
  400: 'The service required to carry out the requested action was incorrectly called',
  403: 'You do not have sufficient permission to carry out the requested action',
  404: 'The service required to carry out the requested action could not be found',
  500: 'Unknown Error Occurred',
} as const;

/** The bullet list of a 406: array entries, or each field's messages as "field message". */
export function validationItems(errors: ApiErrorBody['errors'] | undefined): string[] {
  if (!errors) return [];
  if (Array.isArray(errors)) return errors.map(String);
  return Object.entries(errors).flatMap(([field, value]) =>
    (Array.isArray(value) ? value : [value]).map((message) => `${field} ${message}`),
  );
}

const serverMessage = (body: ApiErrorBody | null) =>
  body?.msg !== undefined && body.msg.trim() !== '' ? body.msg : undefined;

/** The spec's error catalogue: which dialog, with which title and text, for an error. */
export function describeError(error: unknown): ErrorOutcome {
  if (!(error instanceof ApiError)) {
    const message = error instanceof Error ? error.message : String(error);
    const type = error instanceof Error ? error.name : typeof error;
    return { dialog: unknownError(type, message), logout: false };
  }
  const { body } = error;
  switch (error.status) {
    case 400:
      return {
        dialog: {
          title: 'Error: Bad Request',
          message: serverMessage(body) ?? DEFAULT_MESSAGES[400],
        },
        logout: false,
      };
    case 401:
      // A clock or replay refusal that outlived its retry says nothing about the session: it
      // is shown, and the user stays logged in (shared/signed-fetch.ts).
      if (isRecoverableRefusal(body?.type))
        return { dialog: unknownError(body?.type ?? 'HTTP 401', error.message), logout: false };
      return { dialog: null, logout: true };
    case 403:
      if (body?.type === ErrorType.InvalidCredentials) return { dialog: null, logout: false };
      return {
        dialog: {
          title: 'Permission Denied',
          message: serverMessage(body) ?? DEFAULT_MESSAGES[403],
        },
        logout: false,
      };
    case 404:
      return {
        dialog: {
          title: 'Error: Not Found',
          message: serverMessage(body) ?? DEFAULT_MESSAGES[404],
        },
        logout: false,
      };
    case 406:
      return {
        dialog: {
          title: 'Validation Error(s)',
          message: serverMessage(body) ?? '',
          items: validationItems(body?.errors),
        },
        logout: false,
      };
    case 500:
      return {
        dialog: {
          title: `Error: ${body?.type_label ?? 'Internal Server Error'}`,
          message: serverMessage(body) ?? DEFAULT_MESSAGES[500],
        },
        logout: false,
      };
    default:
      return {
        dialog: unknownError(body?.type ?? `HTTP ${error.status}`, error.message),
        logout: false,
      };
  }
}

function unknownError(type: string, message: string) {
  return {
    title: 'Unknown Error',
    message:
      'An unhandled error occurred. Please contact the System Administrator, quoting the type and message below.',
    items: [`Type: ${type}`, `Message: ${message}`],
  };
}
