import { badRequest } from '../http/errors.ts';
import type { UnitKey } from './units-query.ts';

/**
 * Where a page of the units list ends, in the list's order (farm name and id, unit name and id),
 * and which page comes next: the `next_after` a page answers with and the `after` that asks for the
 * page after it (keyset paging). Reading on from a place in the order costs the same on page 500
 * as on page 2, where an offset reads and drops every row before it.
 */
export interface UnitsCursor extends UnitKey {
  /** The number of the page that starts after this place. */
  page: number;
}

/** Opaque to clients: base64url of JSON, so that nobody builds one from a farm's name. */
export function encodeCursor(cursor: UnitsCursor): string {
  const { page, farmName, farmId, unitName, unitId } = cursor;
  const fields = [page, farmName, farmId, unitName, unitId];
  return Buffer.from(JSON.stringify(fields)).toString('base64url');
}

const invalid = () =>
  badRequest('after must be the next_after of a page of this list.', { after: 'is invalid' });

export function decodeCursor(text: string): UnitsCursor {
  if (text.length > 2000) throw invalid();
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    throw invalid();
  }
  if (!Array.isArray(value) || value.length !== 5) throw invalid();
  const [page, farmName, farmId, unitName, unitId] = value as unknown[];
  const whole = (n: unknown): n is number =>
    typeof n === 'number' && Number.isInteger(n) && n >= 1 && n <= 2_000_000_000;
  if (!whole(page) || !whole(farmId) || !whole(unitId)) throw invalid();
  if (typeof farmName !== 'string' || typeof unitName !== 'string') throw invalid();
  return { page, farmName, farmId, unitName, unitId };
}
