import type { UiSchema } from '@rjsf/utils';
import { Link } from 'react-router-dom';
import type { ApiCalculatorPrefill } from '../../../shared/api.ts';
import { formatNumber } from '../../core/format/numbers.ts';

/** A calculator's prefill from the unit's records, each input with its source (shared/api.ts). */
export type Prefill = ApiCalculatorPrefill;

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** The starting values with the records' values laid over them (arrays item by item). */
export function mergeInputs(base: unknown, over: unknown): unknown {
  if (Array.isArray(over)) {
    const from = Array.isArray(base) ? base : [];
    return over.map((item, i) => mergeInputs(from[i], item));
  }
  if (isObject(over)) {
    const from = isObject(base) ? base : {};
    const out: Record<string, unknown> = { ...from };
    for (const [key, value] of Object.entries(over)) out[key] = mergeInputs(from[key], value);
    return out;
  }
  return over;
}

/** The value at a dotted path ("animals.0.head"). */
export function valueAt(data: unknown, path: string): unknown {
  let at: unknown = data;
  for (const part of path.split('.')) {
    if (Array.isArray(at)) at = at[Number(part)];
    else if (isObject(at)) at = at[part];
    else return undefined;
  }
  return at;
}

const shown = (value: unknown) =>
  typeof value === 'number' ? formatNumber(value, 2) : typeof value === 'string' ? value : '—';

/**
 * The uiSchema with a hint under each prefilled input: "From <record>" linking to the records,
 * or, once the user has changed the value, what the records say.
 */
export function withPrefillHints(uiSchema: UiSchema, prefill: Prefill, data: unknown): UiSchema {
  const out = structuredClone(uiSchema) as Record<string, unknown>;
  for (const [path, source] of Object.entries(prefill.sources)) {
    const parts = path.split('.');
    let node = out;
    for (const part of parts) {
      const key = /^\d+$/.test(part) ? 'items' : part;
      const next = isObject(node[key]) ? node[key] : {};
      node[key] = next;
      node = next;
    }
    const recorded = valueAt(prefill.inputs, path);
    const changed = valueAt(data, path) !== recorded;
    node['ui:help'] = changed ? (
      <span>
        You changed this; from records: {shown(recorded)} (
        <Link to={source.path}>{source.label}</Link>)
      </span>
    ) : (
      <span>
        From <Link to={source.path}>{source.label}</Link>
        {source.note ? `: ${source.note}` : ''}
      </span>
    );
  }
  return out as UiSchema;
}
