import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  ApiDocument,
  ApiErrorBody,
  ApiPaged,
  ApiSuccess,
  AuthResponse,
} from '../../shared/api.ts';
import { MAX_DOCUMENT_BYTES } from '../../shared/documents.ts';
import { CFB, DOCM, DOCX, EXE, HTML, PDF, PNG, SVG, ZIP } from './fixtures/files.ts';
import {
  loginAs,
  PORTAL_HEADERS,
  signedInject,
  signedUpload,
  startTestApp,
  type TestApp,
} from './test-app.ts';

describe('documents API', () => {
  let t: TestApp;
  let farmer: AuthResponse;
  let multi: AuthResponse;
  let processor: AuthResponse;
  let buyer: AuthResponse;
  let dairyUnit: number;
  let arableUnit: number;
  let beefUnit: number;

  beforeAll(async () => {
    t = await startTestApp();
    [farmer, multi, processor, buyer] = await Promise.all([
      loginAs(t.app, 'farmer@example.com'),
      loginAs(t.app, 'multi@example.com'),
      loginAs(t.app, 'processor@example.com'),
      loginAs(t.app, 'buyer@example.com'),
    ]);
    const unitNamed = async (name: string) =>
      (await t.db.query<{ id: number }>('select id from units where name = $1', [name])).rows[0]
        ?.id ?? -1;
    dairyUnit = await unitNamed('Lower Dale Dairy');
    arableUnit = await unitNamed('Highfield Arable');
    beefUnit = await unitNamed('Highfield Beef');
  });
  afterAll(() => t.close());

  const docs = (unit: number, rest = '') => `/api/units/${unit}/documents${rest}`;
  const upload = (who: AuthResponse, unit: number, name: string, bytes: Buffer) =>
    signedUpload(t.app, who.auth_token, docs(unit, `?name=${encodeURIComponent(name)}`), bytes);
  const uploaded = async (who: AuthResponse, unit: number, name: string, bytes: Buffer) => {
    const response = await upload(who, unit, name, bytes);
    expect(response.statusCode, response.body).toBe(201);
    return response.json<ApiSuccess<ApiDocument>>().data;
  };
  const call = (who: AuthResponse, method: 'GET' | 'DELETE', path: string) =>
    signedInject(t.app, who.auth_token, method, path);
  const list = async (who: AuthResponse, unit: number, query = '') =>
    (await call(who, 'GET', docs(unit, query))).json<ApiSuccess<ApiPaged<ApiDocument>>>().data;
  const fileErrors = (body: string) => (JSON.parse(body) as ApiErrorBody).errors;

  it('uploads a file, lists it, downloads the same bytes and deletes it', async () => {
    const document = await uploaded(farmer, dairyUnit, 'Herd health plan.pdf', PDF);
    expect(document).toMatchObject({
      unit_id: dairyUnit,
      name: 'Herd health plan.pdf',
      media_type: 'application/pdf',
      size_bytes: PDF.length,
      uploaded_by: { id: farmer.user.id, name: 'Tom Hargreaves' },
      can_delete: true,
    });
    expect(Date.parse(document.uploaded_at)).toBeGreaterThan(Date.now() - 60_000);

    const page = await list(farmer, dairyUnit);
    expect(page.total_records).toBe(1);
    expect(page.records.map((d) => d.name)).toEqual(['Herd health plan.pdf']);

    const download = await call(farmer, 'GET', docs(dairyUnit, `/${document.id}/content`));
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(PDF)).toBe(true);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-disposition']).toBe(
      `attachment; filename="Herd health plan.pdf"; filename*=UTF-8''Herd%20health%20plan.pdf`,
    );
    expect(download.headers['x-content-type-options']).toBe('nosniff');
    expect(download.headers['cache-control']).toBe('private, no-store');
    // The download's own policy survives the site-wide headers: no script in it can ever run.
    expect(download.headers['content-security-policy']).toBe("default-src 'none'; sandbox");

    expect((await call(farmer, 'DELETE', docs(dairyUnit, `/${document.id}`))).statusCode).toBe(204);
    expect((await list(farmer, dairyUnit)).total_records).toBe(0);
    const gone = await call(farmer, 'GET', docs(dairyUnit, `/${document.id}/content`));
    expect(gone.statusCode).toBe(404);
  });

  it('decides the type by content: a PNG named .html is kept as a PNG named .html.png', async () => {
    const document = await uploaded(farmer, dairyUnit, 'invoice.html', PNG);
    expect(document).toMatchObject({ name: 'invoice.html.png', media_type: 'image/png' });
    const docx = await uploaded(farmer, dairyUnit, 'Tenancy agreement.docx', DOCX);
    expect(docx.media_type).toBe(
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    );
    const legacy = await uploaded(farmer, dairyUnit, 'Milk records 2019.xls', CFB);
    expect(legacy).toMatchObject({
      name: 'Milk records 2019.xls',
      media_type: 'application/vnd.ms-excel',
    });
  });

  it.each([
    ['an HTML page named .pdf', 'report.pdf', HTML],
    ['a program named .pdf', 'report.pdf', EXE],
    ['an SVG image (it can carry script)', 'logo.svg', SVG],
    ['a plain ZIP archive', 'records.zip', ZIP],
    ['a macro-enabled Word file named .docx', 'letter.docx', DOCM],
    ['an installer in the Word 97 container', 'setup.msi', CFB],
  ])('refuses %s with 406 and a file error', async (_, name, bytes) => {
    const response = await upload(farmer, dairyUnit, name, bytes);
    expect(response.statusCode).toBe(406);
    expect(response.json<ApiErrorBody>()).toMatchObject({
      type: 'Request_ValidationFailed',
      msg: 'This file cannot be kept here: choose an image, office document or PDF under 5Mb.',
    });
    expect(fileErrors(response.body)).toEqual({
      file: ['must be an image, office document or PDF under 5Mb'],
    });
  });

  it('refuses an empty file, a nameless file and a file of 5 MB or more', async () => {
    const empty = await upload(farmer, dairyUnit, 'empty.pdf', Buffer.alloc(0));
    expect(empty.statusCode).toBe(406);
    expect(fileErrors(empty.body)).toEqual({ file: ['is empty'] });

    const nameless = await upload(farmer, dairyUnit, ' /tmp/ ', PNG);
    expect(nameless.statusCode).toBe(406);
    expect(fileErrors(nameless.body)).toEqual({ name: ['is required'] });

    const justUnder = Buffer.concat([PNG, Buffer.alloc(MAX_DOCUMENT_BYTES - 1 - PNG.length)]);
    expect((await upload(farmer, dairyUnit, 'big.png', justUnder)).statusCode).toBe(201);
    const tooBig = Buffer.concat([PNG, Buffer.alloc(MAX_DOCUMENT_BYTES - PNG.length)]);
    const response = await upload(farmer, dairyUnit, 'huge.png', tooBig);
    expect(response.statusCode).toBe(413);
    expect(response.json<ApiErrorBody>()).toMatchObject({
      type: 'Request_TooLarge',
      msg: 'The request is larger than the 5 MB this call accepts.',
    });
  });

  it('keeps only the last segment of a path-like name, without control characters', async () => {
    const document = await uploaded(farmer, dairyUnit, '..\\..\\etc/pass\u0007wd\u202e.png', PNG);
    expect(document.name).toBe('passwd.png');
  });

  it('serves any name in a Content-Disposition that cannot be broken out of', async () => {
    const name = 'Ffion\'s "plan";\r\nSet-Cookie: x=1 – Ŵ.pdf';
    const document = await uploaded(farmer, dairyUnit, name, PDF);
    expect(document.name).toBe('Ffion\'s "plan";Set-Cookie: x=1 – Ŵ.pdf');
    const download = await call(farmer, 'GET', docs(dairyUnit, `/${document.id}/content`));
    const disposition = String(download.headers['content-disposition']);
    expect(disposition).toBe(
      'attachment; filename="Ffion_s _plan__Set-Cookie_ x_1 _ _.pdf"; ' +
        "filename*=UTF-8''Ffion%27s%20%22plan%22%3BSet-Cookie%3A%20x%3D1%20%E2%80%93%20%C5%B4.pdf",
    );
    expect(download.headers['set-cookie']).toBeUndefined();
  });

  it('needs the bytes as application/octet-stream, signed as sent', async () => {
    const asJson = await signedInject(
      t.app,
      farmer.auth_token,
      'POST',
      docs(dairyUnit, '?name=a.png'),
      {
        file: PNG.toString('base64'),
      },
    );
    expect(asJson.statusCode).toBe(415);

    const swapped = await signedUpload(
      t.app,
      farmer.auth_token,
      docs(dairyUnit, '?name=a.png'),
      PDF,
      { signAs: { bodySha256: 'a'.repeat(64) } },
    );
    expect(swapped.statusCode).toBe(401);
    const renamed = await signedUpload(
      t.app,
      farmer.auth_token,
      docs(dairyUnit, '?name=b.png'),
      PNG,
      {
        signAs: { pathWithQuery: docs(dairyUnit, '?name=a.png') },
      },
    );
    expect(renamed.statusCode).toBe(401);

    const unsigned = await t.app.inject({
      method: 'POST',
      url: docs(dairyUnit, '?name=a.png'),
      headers: { ...PORTAL_HEADERS, 'content-type': 'application/octet-stream' },
      payload: PNG,
    });
    expect(unsigned.statusCode).toBe(401);
  });

  it('searches by name and pages the list', async () => {
    for (const name of ['Soil analysis 2025.pdf', 'Soil analysis 2026.pdf', 'Spray record.pdf']) {
      await uploaded(multi, arableUnit, name, PDF);
    }
    const soil = await list(multi, arableUnit, '?search=soil&per_page=1&page=2');
    expect(soil).toMatchObject({ total_records: 2, current_page: 2, records_per_page: 1 });
    expect(soil.records.map((d) => d.name)).toEqual(['Soil analysis 2025.pdf']);
    expect((await list(multi, arableUnit, '?search=100%25')).total_records).toBe(0);
  });

  it("keeps each farm's files from every other farm and provider", async () => {
    const document = await uploaded(multi, arableUnit, 'Field map.png', PNG);
    const paths = [
      ['GET', docs(arableUnit)],
      ['GET', docs(arableUnit, `/${document.id}/content`)],
      ['DELETE', docs(arableUnit, `/${document.id}`)],
    ] as const;
    // Tom farms elsewhere; Acme Foods holds no plan on Highfield Arable.
    for (const who of [farmer, buyer]) {
      for (const [method, path] of paths) {
        const response = await call(who, method, path);
        expect(response.statusCode, `${who.user.username} ${method} ${path}`).toBe(403);
        expect(response.json<ApiErrorBody>().type).toBe('Security_PermissionDenied');
      }
      expect((await upload(who, arableUnit, 'x.png', PNG)).statusCode).toBe(403);
    }
    // A document id reached through another unit is not found, even on the same farm.
    const viaBeef = await call(multi, 'GET', docs(beefUnit, `/${document.id}/content`));
    expect(viaBeef.statusCode).toBe(404);
    expect((await call(farmer, 'GET', docs(999_999))).statusCode).toBe(404);
    expect((await call(farmer, 'GET', docs(dairyUnit, '/999999/content'))).statusCode).toBe(404);
  });

  it('lets provider staff share files on their units but delete only their own', async () => {
    const farmFile = await uploaded(multi, arableUnit, 'Cropping plan.pdf', PDF);
    const staffFile = await uploaded(processor, arableUnit, 'Grower scheme terms.pdf', PDF);
    const seenByStaff = await list(processor, arableUnit, '?search=plan');
    expect(seenByStaff.records.find((d) => d.id === farmFile.id)?.can_delete).toBe(false);

    const refused = await call(processor, 'DELETE', docs(arableUnit, `/${farmFile.id}`));
    expect(refused.statusCode).toBe(403);
    expect(refused.json<ApiErrorBody>().msg).toBe(
      'Only the farm, or the person who uploaded it, can delete this document.',
    );
    expect((await call(processor, 'DELETE', docs(arableUnit, `/${staffFile.id}`))).statusCode).toBe(
      204,
    );
    const download = await call(processor, 'GET', docs(arableUnit, `/${farmFile.id}/content`));
    expect(download.rawPayload.equals(PDF)).toBe(true);
    expect((await call(multi, 'DELETE', docs(arableUnit, `/${farmFile.id}`))).statusCode).toBe(204);
  });

  it('refuses documents on a unit whose plans do not include them', async () => {
    await t.db.query(
      `update packages set features = array_remove(features, 'documents')
       where reference = 'moorland_vale_milk_premium'`,
    );
    const response = await call(farmer, 'GET', docs(dairyUnit));
    expect(response.statusCode).toBe(403);
    expect(response.json<ApiErrorBody>().msg).toBe(
      'You do not have access to Farm Documents on this unit.',
    );
    expect((await upload(farmer, dairyUnit, 'a.png', PNG)).statusCode).toBe(403);
  });
});
