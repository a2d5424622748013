import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  ApiPaged,
  ApiRecord,
  ApiSuccess,
  ApiUnitsPage,
  AuthResponse,
} from '../../shared/api.ts';
import { csvChunks, EXPORT_BATCH_ROWS, exportFileName } from '../../server/export/csv-export.ts';
import { PDF } from './fixtures/files.ts';
import { loginAs, signedInject, signedUpload, startTestApp, type TestApp } from './test-app.ts';

/** The file as a user's spreadsheet gets it: the BOM checked and removed, then the rows. */
function readCsv(body: string): { header: string[]; rows: string[][] } {
  expect(body.startsWith('\uFEFF'), 'starts with the UTF-8 BOM').toBe(true);
  expect(body.replace(/\r\n/g, '').includes('\n'), 'every line ends CRLF').toBe(false);
  expect(body.endsWith('\r\n'), 'the file ends with CRLF').toBe(true);
  // RFC 4180 as a spreadsheet reads it: quoted fields may hold commas, quotes and line ends.
  const parsed: string[][] = parse(body.slice(1), { record_delimiter: '\r\n' });
  const [header = [], ...rows] = parsed;
  return { header, rows };
}

describe('CSV exports of the lists', () => {
  let t: TestApp;
  let farmer: AuthResponse;
  let buyer: AuthResponse;
  let processor: AuthResponse;
  let dairyUnit: number;
  let arableUnit: number;

  beforeAll(async () => {
    t = await startTestApp();
    [farmer, buyer, processor] = await Promise.all([
      loginAs(t.app, 'farmer@example.com'),
      loginAs(t.app, 'buyer@example.com'),
      loginAs(t.app, 'processor@example.com'),
    ]);
    const unitNamed = async (name: string) =>
      (await t.db.query<{ id: number }>('select id from units where name = $1', [name])).rows[0]
        ?.id ?? -1;
    dairyUnit = await unitNamed('Lower Dale Dairy');
    arableUnit = await unitNamed('Highfield Arable');
  });
  afterAll(() => t.close());

  const get = (who: AuthResponse, url: string) => signedInject(t.app, who.auth_token, 'GET', url);
  const monthly = (unit: number, rest = '') => `/api/units/${unit}/records/monthly${rest}`;

  describe('records', () => {
    beforeAll(async () => {
      for (const [month, litres, cows] of [
        ['2026-01-01', 183_420.5, 170],
        ['2026-02-01', 171_000, 168],
      ] as const) {
        const saved = await signedInject(t.app, farmer.auth_token, 'POST', monthly(dairyUnit), {
          month,
          milk_sold_litres: litres,
          cows_in_milk: cows,
        });
        expect(saved.statusCode, saved.body).toBe(201);
      }
    });

    it("answers the list's columns, titled as on screen, after the ids, as a named attachment", async () => {
      const response = await get(farmer, monthly(dairyUnit, '.csv?sort=month&direction=asc'));
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
      const today = new Date().toISOString().slice(0, 10);
      expect(response.headers['content-disposition']).toContain(
        `attachment; filename="lower-dale-dairy-monthly-${today}.csv"`,
      );
      expect(response.headers['x-total-count']).toBe('2');
      expect(response.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
      const { header, rows } = readCsv(response.body);
      expect(header).toEqual([
        'Record ID',
        'Unit ID',
        'Month',
        'Milk sold (litres)',
        'Cows in milk',
        'Butterfat %',
        'Protein %',
        'SCC',
      ]);
      // ISO dates and plain numbers, which a spreadsheet reads as dates and numbers.
      expect(rows.map((r) => r.slice(1))).toEqual([
        [String(dairyUnit), '2026-01-01', '183420.5', '170', '', '', ''],
        [String(dairyUnit), '2026-02-01', '171000', '168', '', '', ''],
      ]);
      const json = await get(farmer, monthly(dairyUnit, '?sort=month&direction=asc'));
      const ids = json.json<ApiSuccess<ApiPaged<ApiRecord>>>().data.records.map((r) => r.id);
      expect(rows.map((r) => Number(r[0]))).toEqual(ids);
    });

    it('holds what the same search and sort of the list hold', async () => {
      const { rows } = readCsv((await get(farmer, monthly(dairyUnit, '.csv?search=Feb'))).body);
      expect(rows.map((r) => r[2])).toEqual(['2026-02-01']);
      const bad = await get(farmer, monthly(dairyUnit, '.csv?sort=not_a_field'));
      expect(bad.statusCode).toBe(400);
      expect((await get(farmer, monthly(dairyUnit, '.csv?direction=up'))).statusCode).toBe(400);
    });

    it('is refused exactly as the JSON list is', async () => {
      for (const [who, unit] of [
        [farmer, arableUnit],
        [buyer, dairyUnit],
        [buyer, arableUnit],
      ] as const) {
        const json = await get(who, monthly(unit));
        const csv = await get(who, monthly(unit, '.csv'));
        expect(csv.statusCode, csv.body).toBe(json.statusCode);
        expect(csv.statusCode).toBe(403);
        expect(csv.json<{ type: string }>().type).toBe(json.json<{ type: string }>().type);
      }
      expect((await get(farmer, `/api/units/${dairyUnit}/records/nothing.csv`)).statusCode).toBe(
        404,
      );
      const unsigned = await t.app.inject({ method: 'GET', url: monthly(dairyUnit, '.csv') });
      expect(unsigned.statusCode).toBe(401);
    });

    it('streams a large list whole, in order, a batch at a time', async () => {
      const count = EXPORT_BATCH_ROWS * 2 + 234;
      await t.db.query(
        `insert into records (unit_id, record_type, data)
         select $1, 'monthly', jsonb_build_object(
                  'month', to_char(date '1900-01-01' + make_interval(months => n), 'YYYY-MM-DD'),
                  'milk_sold_litres', n, 'cows_in_milk', 100)
         from generate_series(1, $2::int) n`,
        [dairyUnit, count],
      );
      const query = '?sort=milk_sold_litres&direction=desc';
      const list = await get(farmer, monthly(dairyUnit, `${query}&per_page=100`));
      expect(list.statusCode, list.body).toBe(200);
      const csv = await get(farmer, monthly(dairyUnit, `.csv${query}`));
      expect(csv.statusCode).toBe(200);
      expect(csv.headers['x-total-count']).toBe(String(count + 2));
      // Streamed: sent in chunks as it is read, so no length is known up front.
      expect(csv.headers['content-length']).toBeUndefined();
      expect(csv.headers['transfer-encoding']).toBe('chunked');
      const { rows } = readCsv(csv.body);
      expect(rows).toHaveLength(count + 2);
      expect(new Set(rows.map((r) => r[0])).size).toBe(count + 2);
      expect(rows.map((r) => Number(r[3]))).toEqual([
        183_420.5,
        171_000,
        ...Array.from({ length: count }, (_, i) => count - i),
      ]);
      const page = list.json<ApiSuccess<ApiPaged<ApiRecord>>>().data.records;
      expect(rows.slice(0, 100).map((r) => Number(r[0]))).toEqual(page.map((r) => r.id));
    });
  });

  describe('units list', () => {
    it("gives company staff their provider's units, as the list does, searched the same way", async () => {
      const json = await get(buyer, '/api/accounts/units?per_page=100');
      const listed = json.json<ApiSuccess<ApiPaged<{ unit_id: number; unit_name: string }>>>().data;
      const response = await get(buyer, '/api/accounts/units.csv');
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['content-disposition']).toMatch(
        /^attachment; filename="acme-foods-units-\d{4}-\d{2}-\d{2}\.csv"/,
      );
      const { header, rows } = readCsv(response.body);
      expect(header.slice(0, 4)).toEqual(['Unit ID', 'Unit', 'Farm ID', 'Farm']);
      expect(header).toContain('Postcode');
      expect(rows).toHaveLength(listed.total_records);
      expect(rows.slice(0, listed.records.length).map((r) => Number(r[0]))).toEqual(
        listed.records.map((u) => u.unit_id),
      );

      const term = listed.records[0]?.unit_name ?? '';
      const searched = await get(
        buyer,
        `/api/accounts/units.csv?search=${encodeURIComponent(term)}`,
      );
      const found = readCsv(searched.body).rows;
      expect(found.length).toBeGreaterThan(0);
      expect(found.every((r) => r.join(' ').toLowerCase().includes(term.toLowerCase()))).toBe(true);
    });

    it('streams a long units list whole and in order, across batches of equal names', async () => {
      // Over two batches more Acme units on one farm, many sharing a name, so that a batch ends
      // among equals.
      await t.db.query(
        `insert into units (farm_id, name, unit_type_id, holding_number)
         select f.id, 'Bulk ' || lpad((n % 400)::text, 3, '0'), 1, 'X' || n
         from generate_series(1, $1::int) n,
              (select un.farm_id as id from units un join unit_packages up on up.unit_id = un.id
                 join packages p on p.id = up.package_id join providers pr on pr.id = p.provider_id
               where pr.reference = 'acme_foods' order by un.id limit 1) f`,
        [EXPORT_BATCH_ROWS * 2 + 300],
      );
      await t.db.query(
        `insert into unit_packages (unit_id, package_id, joined_on)
         select un.id, (select p.id from packages p join providers pr on pr.id = p.provider_id
                        where pr.reference = 'acme_foods' order by p.id limit 1), current_date
         from units un where un.name like 'Bulk %'`,
      );
      const json = await get(buyer, '/api/accounts/units?per_page=100&page=7');
      const page7 = json.json<ApiSuccess<ApiUnitsPage>>().data;
      // The list counts no further than its cap; the file holds, and counts, every row.
      expect(page7).toMatchObject({ total_records: 1000, total_capped: true });
      const response = await get(buyer, '/api/accounts/units.csv');
      const { rows } = readCsv(response.body);
      expect(rows.length).toBeGreaterThan(EXPORT_BATCH_ROWS * 2);
      expect(response.headers['x-total-count']).toBe(String(rows.length));
      expect(new Set(rows.map((r) => r[0])).size).toBe(rows.length);
      // The export's order is the list's: its 7th page of 100 is rows 601 to 700.
      expect(rows.slice(600, 700).map((r) => Number(r[0]))).toEqual(
        page7.records.map((u) => u.unit_id),
      );
    });

    it('is refused to a farm user, as the list is', async () => {
      expect((await get(farmer, '/api/accounts/units')).statusCode).toBe(403);
      expect((await get(farmer, '/api/accounts/units.csv')).statusCode).toBe(403);
    });
  });

  describe('documents', () => {
    it('quotes as RFC 4180 and disarms cells a spreadsheet would run as formulas', async () => {
      const upload = async (name: string) => {
        const url = `/api/units/${dairyUnit}/documents?name=${encodeURIComponent(name)}`;
        const saved = await signedUpload(t.app, farmer.auth_token, url, PDF);
        expect(saved.statusCode, saved.body).toBe(201);
      };
      await upload('=HYPERLINK("evil.example","Click").pdf');
      await upload('+44 plan, "final".pdf');
      await upload('@SUM(A1).pdf');
      await upload('-2 herd.pdf');
      await upload('Ordinary, plain.pdf');

      const response = await get(farmer, `/api/units/${dairyUnit}/documents.csv`);
      expect(response.statusCode, response.body).toBe(200);
      // The raw text: quotes doubled inside a quoted field.
      expect(response.body).toContain('"\'+44 plan, ""final"".pdf"');
      const { header, rows } = readCsv(response.body);
      expect(header).toEqual([
        'Document ID',
        'Unit ID',
        'Name',
        'Size (bytes)',
        'Uploaded',
        'By',
        'By (user ID)',
      ]);
      expect(rows.map((r) => r[2])).toEqual([
        'Ordinary, plain.pdf',
        "'-2 herd.pdf",
        "'@SUM(A1).pdf",
        '\'+44 plan, "final".pdf',
        '\'=HYPERLINK("evil.example","Click").pdf',
      ]);
      const first = rows[0] ?? [];
      expect(first[3]).toBe(String(PDF.length));
      expect(first[4]).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{3})?Z$/);
      expect(first.slice(5)).toEqual(['Tom Hargreaves', String(farmer.user.id)]);

      const searched = readCsv(
        (await get(farmer, `/api/units/${dairyUnit}/documents.csv?search=plain`)).body,
      );
      expect(searched.rows.map((r) => r[2])).toEqual(['Ordinary, plain.pdf']);
    });

    it('is refused exactly as the JSON list is', async () => {
      for (const who of [farmer, buyer, processor]) {
        const json = await get(who, `/api/units/${arableUnit}/documents`);
        const csv = await get(who, `/api/units/${arableUnit}/documents.csv`);
        expect(csv.statusCode).toBe(json.statusCode);
      }
      expect((await get(farmer, `/api/units/${arableUnit}/documents.csv`)).statusCode).toBe(403);
      expect((await get(buyer, `/api/units/${dairyUnit}/documents.csv`)).statusCode).toBe(403);
    });
  });

  describe('the stream itself', () => {
    it('reads batch after batch until one comes back short, holding one at a time', async () => {
      const asked: number[] = [];
      const all = Array.from({ length: 7 }, (_, i) => ({ n: i + 1 }));
      const chunks: string[] = [];
      for await (const chunk of csvChunks(
        [{ title: 'N', value: (row: { n: number }) => row.n }],
        async (limit, offset) => {
          asked.push(offset);
          return all.slice(offset, offset + limit);
        },
        3,
      ))
        chunks.push(chunk.toString('utf8'));
      expect(asked).toEqual([0, 3, 6]);
      expect(chunks).toEqual(['\uFEFFN\r\n', '1\r\n2\r\n3\r\n', '4\r\n5\r\n6\r\n', '7\r\n']);
    });

    it('names files safely', () => {
      const day = new Date('2026-11-24T23:59:00Z');
      expect(exportFileName(['Lower Dale Dairy', 'monthly'], day)).toBe(
        'lower-dale-dairy-monthly-2026-11-24.csv',
      );
      expect(exportFileName(['../../etc/"passwd"\r\n', 'Café Ünit'], day)).toBe(
        'etc-passwd-cafe-unit-2026-11-24.csv',
      );
      expect(exportFileName(['', '***'], day)).toBe('export-export-2026-11-24.csv');
    });
  });
});
