import type { RecordRow } from './types.ts';

/**
 * Records of the demo units, so that a report has something to work out on a fresh database
 * (issue 17: a beef unit's herd report). Each is valid against its config/records/<type>.json;
 * tests/server/dataset.test.ts checks them with the server's own validators.
 *
 * Highfield Beef, a suckler herd (multi@example.com), from 1 January to 31 March 2026, by hand:
 * - January: 7 head at the start; a bull calf born on the 8th died on the 20th: 7 at the end,
 *   mortality 1 of 7 = 14.3 %.
 * - February: the old cow died on the 14th, a steer was sold on the 27th: 5 at the end.
 * - March: two calves born, a steer slaughtered on the 18th: 6 at the end (4 female, 2 male).
 * - Over the quarter: 3 births, 2 deaths, 2 sold or slaughtered, mortality 2 of 7 = 28.6 %.
 * - Daily liveweight gain from birth to last weighing: the steer sold, 42 kg to 610 kg over 689
 *   days, 0.824 kg a day (weighed in February); the steer slaughtered, 40 to 620 kg over 664
 *   days, 0.873, and the heifer, 38 to 480 kg over 689 days, 0.642 (both weighed in March: mean
 *   0.758); the three over the quarter 0.780 kg a day.
 */
export function highfieldBeefHerd(unitId: number): RecordRow[] {
  const animal = (data: Record<string, string | number>): RecordRow => ({
    unit_id: unitId,
    record_type: 'animal',
    data: { breed: 'Hereford', ...data },
  });
  return [
    animal({
      ear_tag: 'UK 391040 200011',
      sex: 'Female',
      date_of_birth: '2018-04-12',
      status: 'On farm',
    }),
    animal({
      ear_tag: 'UK 391040 200012',
      sex: 'Female',
      date_of_birth: '2019-05-03',
      status: 'On farm',
    }),
    animal({
      ear_tag: 'UK 391040 200013',
      sex: 'Female',
      date_of_birth: '2017-03-20',
      status: 'Died',
      date_off_holding: '2026-02-14',
    }),
    animal({
      ear_tag: 'UK 381250 300021',
      sex: 'Male',
      date_of_birth: '2020-06-01',
      date_moved_on: '2023-10-05',
      origin_cph: '38/125/0042',
      status: 'On farm',
    }),
    animal({
      ear_tag: 'UK 391040 200014',
      sex: 'Castrated male',
      date_of_birth: '2024-04-02',
      birth_weight_kg: 42,
      last_weighed_date: '2026-02-20',
      last_weight_kg: 610,
      status: 'Sold',
      date_off_holding: '2026-02-27',
    }),
    animal({
      ear_tag: 'UK 391040 200015',
      sex: 'Castrated male',
      date_of_birth: '2024-05-15',
      birth_weight_kg: 40,
      last_weighed_date: '2026-03-10',
      last_weight_kg: 620,
      status: 'Slaughtered',
      date_off_holding: '2026-03-18',
    }),
    animal({
      ear_tag: 'UK 391040 200016',
      sex: 'Female',
      date_of_birth: '2024-04-20',
      birth_weight_kg: 38,
      last_weighed_date: '2026-03-10',
      last_weight_kg: 480,
      status: 'On farm',
    }),
    animal({
      ear_tag: 'UK 391040 200017',
      sex: 'Male',
      date_of_birth: '2026-01-08',
      dam_ear_tag: 'UK 391040 200012',
      status: 'Died',
      date_off_holding: '2026-01-20',
    }),
    animal({
      ear_tag: 'UK 391040 200018',
      sex: 'Male',
      date_of_birth: '2026-03-10',
      dam_ear_tag: 'UK 391040 200011',
      status: 'On farm',
    }),
    animal({
      ear_tag: 'UK 391040 200019',
      sex: 'Female',
      date_of_birth: '2026-03-22',
      dam_ear_tag: 'UK 391040 200012',
      status: 'On farm',
    }),
  ];
}
