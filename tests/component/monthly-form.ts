import { recordTypes } from '../../src/engine/all-record-types.ts';
import { json, type mockApi } from './mock-api.ts';

/** The monthly record type as config gives it (config/records/monthly.json). */
export const monthly = (() => {
  const type = recordTypes.get('monthly');
  if (!type) throw new Error('no monthly record type');
  return type;
})();

/**
 * The route that saves a monthly record on unit 7: answered with 201 and the record, the data of
 * each save kept in `sent`.
 */
export function savesMonthly(
  sent: Record<string, unknown>[],
): Parameters<typeof mockApi>[0][number] {
  return [
    /^\/api\/units\/7\/records\/monthly$/,
    (_url, init) => {
      const data = JSON.parse(init?.body as string) as Record<string, unknown>;
      sent.push(data);
      return json(201, {
        status: true,
        data: { id: 1, unit_id: 7, record_type: 'monthly', data, created_at: '', updated_at: '' },
      });
    },
  ];
}
