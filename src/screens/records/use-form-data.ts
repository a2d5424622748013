import { deepEquals, type RJSFValidationError } from '@rjsf/utils';
import { useCallback, useReducer, useRef, useState } from 'react';
import { flushSync } from 'react-dom';

type Data = Record<string, unknown>;

const NONE: ReadonlySet<string> = new Set();

/** The record's field an RJSF error is about: ".butterfat_percent" is butterfat_percent's. */
const fieldOf = (error: RJSFValidationError): string =>
  (error.property ?? '').replace(/^\./, '').split('.')[0] ?? '';

/**
 * The data an RJSF form is given back, without rendering the form's owner on every change.
 *
 * RJSF holds the data as it is typed. Handing each change back to it as `formData` had it compare
 * every prop deeply and work out its whole state again (defaults and schema for every field), at
 * once and blocking the page: on a record type of a couple of hundred fields, more than a frame on
 * a slow phone each time a field gave the form its value. So the owner keeps what the form
 * reported (`formData`, handed back whenever it renders) and renders again only when it must:
 *
 * - when a field showing a message changes (`onChange`): RJSF takes a field's message away when
 *   the `formData` it is given differs from the last in that field, the browser's messages as the
 *   server's (`showing`, for `extraErrors`);
 * - just before the form is submitted (a listener on `container`, which holds the form), so that
 *   RJSF has the data it validates as its last `formData`, and the messages it then shows are not
 *   taken away for changes made before;
 * - when it shows the browser's messages (`onError`) or the server's (`show`).
 */
export function useFormData(initial: Data): {
  /** What the form last reported, to give it back at every render. */
  formData: Data;
  onChange: (formData: Data) => void;
  onError: (errors: RJSFValidationError[]) => void;
  show: (fields: readonly string[]) => void;
  showing: ReadonlySet<string>;
  /** Gives the form other data (a draft taken up), as if typed: the form renders with it. */
  replace: (formData: Data) => void;
  /** The ref of the element holding the form. */
  container: (element: HTMLElement | null) => (() => void) | undefined;
} {
  const reported = useRef(initial);
  const [showing, setShowing] = useState(NONE);
  const [, render] = useReducer((n: number) => n + 1, 0);

  // On the element holding the form, as the submit bubbles from the form: after the widgets have
  // given it what was typed (their listeners are on the form), before RJSF's handler (React
  // listens at the root).
  const container = useCallback((element: HTMLElement | null) => {
    if (!element) return undefined;
    const sync = () => flushSync(render);
    element.addEventListener('submit', sync);
    return () => element.removeEventListener('submit', sync);
  }, []);

  const onChange = (formData: Data) => {
    const before = reported.current;
    reported.current = formData;
    const changed = [...showing].filter((field) => !deepEquals(before[field], formData[field]));
    if (changed.length > 0) setShowing(new Set([...showing].filter((f) => !changed.includes(f))));
  };
  const show = (fields: readonly string[]) => setShowing((shown) => new Set([...shown, ...fields]));
  const onError = (errors: RJSFValidationError[]) => show(errors.map(fieldOf));
  const replace = (formData: Data) => {
    reported.current = formData;
    render();
  };

  // `formData` is read from the ref while the owner renders, on purpose: whatever makes it render, the
  // form is given back its own latest data, never an older copy (RJSF would take that for new
  // data and go back to it, losing what was typed since).
  /* eslint-disable react-hooks/refs -- see above */
  return {
    formData: reported.current,
    onChange,
    onError,
    show,
    showing,
    container,
    replace,
  };
  /* eslint-enable react-hooks/refs */
}
