import { describe, expect, it } from 'vitest';
import type { ApiErrorBody } from '../../shared/api.ts';
import { ApiError, NetworkError } from '../../src/core/api/errors.ts';
import { describeError } from '../../src/core/errors/error-catalogue.ts';

const body = (over: Partial<ApiErrorBody>): ApiErrorBody => ({
  status: false,
  type: 'X',
  type_label: 'X',
  code: 0,
  msg: '',
  errors: [],
  ...over,
});

describe('the error catalogue (spec section 8)', () => {
  it.each([
    [
      400,
      'Error: Bad Request',
      'The service required to carry out the requested action was incorrectly called',
    ],
    [
      403,
      'Permission Denied',
      'You do not have sufficient permission to carry out the requested action',
    ],
    [
      404,
      'Error: Not Found',
      'The service required to carry out the requested action could not be found',
    ],
    [500, 'Error: Internal Server Error', 'Unknown Error Occurred'],
  ])('%i: "%s" with the default text when the server gave none', (status, title, message) => {
    const outcome = describeError(
      new ApiError(status, body({ code: status, type_label: 'Internal Server Error' })),
    );
    expect(outcome.dialog).toEqual({ title, message });
    expect(outcome.logout).toBe(false);
  });

  it("uses the server's message when there is one, and the type label for 500", () => {
    const outcome = describeError(
      new ApiError(500, body({ type_label: 'Database Unavailable', msg: 'Try again shortly.' })),
    );
    expect(outcome.dialog).toEqual({
      title: 'Error: Database Unavailable',
      message: 'Try again shortly.',
    });
    expect(describeError(new ApiError(403, body({ msg: 'Not your farm.' }))).dialog?.message).toBe(
      'Not your farm.',
    );
  });

  it('logs the user out on 401 and shows nothing', () => {
    expect(describeError(new ApiError(401, body({})))).toEqual({ dialog: null, logout: true });
  });

  it('keeps the user logged in on a clock or replay refusal that a retry did not cure, and says so', () => {
    for (const type of ['Security_ClockSkew', 'Security_ReplayedRequest']) {
      const outcome = describeError(new ApiError(401, body({ type, msg: 'Refused.' })));
      expect(outcome.logout).toBe(false);
      expect(outcome.dialog).toMatchObject({
        title: 'Unknown Error',
        items: [`Type: ${type}`, 'Message: Refused.'],
      });
    }
  });

  it('shows nothing for invalid credentials', () => {
    const outcome = describeError(
      new ApiError(403, body({ type: 'Security_InvalidCredentials', msg: 'Wrong password.' })),
    );
    expect(outcome).toEqual({ dialog: null, logout: false });
  });

  it('lists 406 errors from arrays and from objects of strings or arrays', () => {
    const fromObject = describeError(
      new ApiError(
        406,
        body({
          msg: 'The record could not be saved.',
          errors: { month: ['is required'], cows_in_milk: 'must be >= 0' },
        }),
      ),
    );
    expect(fromObject.dialog).toEqual({
      title: 'Validation Error(s)',
      message: 'The record could not be saved.',
      items: ['month is required', 'cows_in_milk must be >= 0'],
    });
    const fromArray = describeError(new ApiError(406, body({ errors: ['Name is required'] })));
    expect(fromArray.dialog?.items).toEqual(['Name is required']);
  });

  it('calls anything else an Unknown Error, naming its type and message', () => {
    const tooMany = describeError(
      new ApiError(429, body({ type: 'Security_TooManyRequests', msg: 'Slow down.' })),
    );
    expect(tooMany.dialog?.title).toBe('Unknown Error');
    expect(tooMany.dialog?.message).toMatch(/contact the System Administrator/);
    expect(tooMany.dialog?.items).toEqual([
      'Type: Security_TooManyRequests',
      'Message: Slow down.',
    ]);
    const offline = describeError(new NetworkError(new TypeError('fetch failed')));
    expect(offline.dialog?.items?.[0]).toBe('Type: NetworkError');
  });
});
