import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  ApiArticle,
  ApiArticleSummary,
  ApiPaged,
  ApiSuccess,
  AuthResponse,
} from '../../shared/api.ts';
import { loginAs, signedInject, startTestApp, type TestApp } from './test-app.ts';

describe('news and knowledge-exchange articles', () => {
  let t: TestApp;
  let farmer: AuthResponse;
  let buyer: AuthResponse;
  let adviser: AuthResponse;
  beforeAll(async () => {
    t = await startTestApp();
    [farmer, buyer, adviser] = await Promise.all([
      loginAs(t.app, 'farmer@example.com'),
      loginAs(t.app, 'buyer@example.com'),
      loginAs(t.app, 'adviser@example.com'),
    ]);
  });
  afterAll(() => t.close());

  const get = (who: AuthResponse, url: string) => signedInject(t.app, who.auth_token, 'GET', url);
  const list = async (who: AuthResponse, url: string) =>
    (await get(who, url)).json<ApiSuccess<ApiPaged<ApiArticleSummary>>>().data;

  it("give a farm user the news of their plan's provider, newest first, paged", async () => {
    const page = await list(farmer, '/api/articles/news?per_page=3');
    expect(page.total_records).toBeGreaterThanOrEqual(4);
    expect(page.records).toHaveLength(3);
    const dates = page.records.map((r) => r.published_on);
    expect([...dates].sort().reverse()).toEqual(dates);
    const { rows } = await t.db.query<{ name: string }>(
      `select pr.name from units un join unit_packages up on up.unit_id = un.id
       join packages p on p.id = up.package_id join providers pr on pr.id = p.provider_id
       where un.name = 'Lower Dale Dairy'`,
    );
    for (const r of page.records) expect(r.provider_name).toBe(rows[0]?.name);
  });

  it('give one article with its body', async () => {
    const [first] = (await list(farmer, '/api/articles/knowledge-exchange')).records;
    const article = (
      await get(farmer, `/api/articles/knowledge-exchange/${String(first?.id)}`)
    ).json<ApiSuccess<ApiArticle>>().data;
    expect(article.title).toBe(first?.title);
    expect(article.body_html).toMatch(/^<p>/);
  });

  it("give company staff their own provider's articles when they hold the permission", async () => {
    const news = await list(buyer, '/api/articles/news');
    expect(news.records.every((r) => r.provider_name === 'Acme Foods')).toBe(true);
    // The adviser has neither companyNews nor company technical resources.
    expect((await get(adviser, '/api/articles/news')).statusCode).toBe(403);
    expect((await get(adviser, '/api/articles/knowledge-exchange')).statusCode).toBe(403);
  });

  it("refuse another provider's article and unknown kinds or ids", async () => {
    const { rows } = await t.db.query<{ id: number }>(
      "select a.id from articles a join providers pr on pr.id = a.provider_id where pr.reference = 'acme_foods' and a.kind = 'news' limit 1",
    );
    expect((await get(farmer, `/api/articles/news/${String(rows[0]?.id)}`)).statusCode).toBe(403);
    expect((await get(farmer, '/api/articles/gossip')).statusCode).toBe(404);
    expect((await get(farmer, '/api/articles/news/999999')).statusCode).toBe(404);
  });
});
