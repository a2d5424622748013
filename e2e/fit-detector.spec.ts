/**
 * The overflow sweep's detector (e2e/lib/fit.ts) on pages made for it: it must name each kind
 * of misfit it is meant to find, and stay quiet where a user can still reach everything.
 */
import { expect, test } from '@playwright/test';
import { misfits } from './lib/fit.ts';

test.use({ viewport: { width: 360, height: 640 } });

const page360 = (body: string) =>
  `<!doctype html><html><head><style>*{box-sizing:border-box} body{margin:0}</style></head><body>${body}</body></html>`;

test('a page that fits, with a wide table in a sideways scroll region, passes', async ({
  page,
}) => {
  await page.setContent(
    page360(`
      <a href="#main" style="position:absolute;left:-999px">Skip to content</a>
      <main><h1>Fits</h1><button>Save</button>
        <div style="overflow-x:auto"><table style="width:900px"><tr><td><button>Edit</button></td>
          <td style="width:800px"></td><td><button>Delete</button></td></tr></table></div>
      </main>`),
  );
  expect(await misfits(page)).toEqual([]);
});

test('a page wider than the viewport is named with the element that widens it', async ({
  page,
}) => {
  await page.setContent(page360(`<main><div class="wide" style="width:500px">Wide</div></main>`));
  const found = await misfits(page);
  expect(found).toHaveLength(1);
  expect(found[0]).toMatch(/^the page is 500 px wide in a 360 px viewport: div "Wide" \(\.wide\)/);
});

test('a control past the edge, one cut off by its box, and one under another are each named', async ({
  page,
}) => {
  await page.setContent(
    page360(`
      <main style="overflow-x:hidden">
        <div style="width:340px"><button style="margin-left:300px;width:120px">Past the edge</button></div>
      </main>
      <div class="card" style="overflow:hidden;width:200px"><button style="width:260px">Cut off</button></div>
      <button style="position:relative">Covered</button>
      <div class="toast" style="position:absolute;left:0;top:0;width:360px;height:200px;background:#fff"></div>`),
  );
  const found = await misfits(page);
  expect(found).toEqual([
    'button "Past the edge" is cut off by main "Past the edge"',
    'button "Cut off" is cut off by div "Cut off" (.card)',
    'button "Covered" lies under div (.toast)',
  ]);
});

test('a control past the right edge with nothing clipping it is named with its span', async ({
  page,
}) => {
  await page.setContent(
    page360(
      `<div style="position:fixed;left:300px;top:0;white-space:nowrap"><a href="/x">Far right link</a></div>`,
    ),
  );
  expect(await misfits(page)).toEqual([
    expect.stringMatching(/^a "Far right link" spans 300–\d+ px in a 360 px viewport$/),
  ]);
});
