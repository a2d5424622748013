import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SWRConfig } from 'swr';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MiFarmField } from '../../shared/mifarm/types.ts';
import { appSwrConfig } from '../../src/core/api/use-api.ts';
import { FieldsSection } from '../../src/screens/mifarm/FieldsSection.tsx';
import { json, mockApi, ok } from './mock-api.ts';
import { memoryRoutes } from './memory-routes.tsx';

/** MiFarm's fields (src/screens/mifarm): the SVG map, its table alternative and the import. */

const FIELDS: MiFarmField[] = [
  {
    id: 1,
    name: 'Low Ing',
    land_use: 'Permanent grassland',
    geometry: {
      type: 'Polygon',
      coordinates: [
        [
          [-2.0812, 54.3752],
          [-2.0779, 54.3749],
          [-2.0768, 54.3758],
          [-2.0801, 54.3769],
          [-2.0812, 54.3752],
        ],
      ],
    },
    area_ha: 5.0612,
    updated_at: '2026-11-24T07:00:00.000Z',
    updated_by: 'Tom Hargreaves',
  },
  {
    id: 2,
    name: 'Gill Head',
    land_use: 'Rough grazing',
    geometry: {
      type: 'MultiPolygon',
      coordinates: [
        [
          [
            [-2.085, 54.379],
            [-2.0828, 54.3788],
            [-2.0824, 54.3798],
            [-2.085, 54.379],
          ],
        ],
        [
          [
            [-2.082, 54.38],
            [-2.0808, 54.3799],
            [-2.0806, 54.3806],
            [-2.082, 54.38],
          ],
        ],
      ],
    },
    area_ha: 2.4321,
    updated_at: '2026-11-24T07:00:00.000Z',
    updated_by: 'Tom Hargreaves',
  },
  {
    id: 3,
    name: 'Top Allotment',
    land_use: 'Arable',
    geometry: null,
    area_ha: null,
    updated_at: '2026-11-24T07:00:00.000Z',
    updated_by: null,
  },
];

function renderFields() {
  const routes = [
    {
      path: '/unit/mifarm',
      element: <FieldsSection unitId={7} unitName="Lower Dale Dairy" />,
    },
    { path: '/unit/mifarm/fields/:field', element: <p>Field page</p> },
  ];
  render(
    <SWRConfig value={{ ...appSwrConfig, provider: () => new Map(), dedupingInterval: 0 }}>
      {memoryRoutes(routes, '/unit/mifarm').element}
    </SWRConfig>,
  );
}

beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe("MiFarm's fields", () => {
  it('draws each mapped field as a named link to its page, and lists every field in a table', async () => {
    mockApi([[/\/api\/units\/7\/fields$/, () => ok(FIELDS)]]);
    renderFields();
    const map = await screen.findByRole('group', { name: "Map of Lower Dale Dairy's fields" });
    const shapes = within(map).getAllByRole('link');
    expect(shapes.map((s) => s.getAttribute('aria-label'))).toEqual([
      'Low Ing, 5.06 ha, Permanent grassland',
      'Gill Head, 2.43 ha, Rough grazing',
    ]);
    expect(shapes[0]?.getAttribute('href')).toBe('/unit/mifarm/fields/1');
    // Both parts of the MultiPolygon are one shape: two closed sub-paths.
    expect(shapes[1]?.querySelector('path')?.getAttribute('d')?.match(/Z/g)).toHaveLength(2);

    const table = screen.getByRole('table', { name: "Lower Dale Dairy's fields" });
    const rows = within(table).getAllByRole('row').slice(1);
    const expected = [
      ['Low Ing', 'Permanent grassland', '5.06'],
      ['Gill Head', 'Rough grazing', '2.43'],
      ['Top Allotment', 'Arable', 'Not mapped'],
    ];
    expect(rows).toHaveLength(expected.length);
    rows.forEach((row, i) => {
      const [name = '', use = '', area = ''] = expected[i] ?? [];
      expect(within(row).getByRole('rowheader')).toHaveTextContent(name);
      const [useCell, areaCell] = within(row).getAllByRole('cell');
      expect(useCell).toHaveTextContent(use);
      expect(areaCell).toHaveTextContent(area);
    });
    expect(within(table).getByRole('link', { name: 'Top Allotment' })).toHaveAttribute(
      'href',
      '/unit/mifarm/fields/3',
    );
    expect(screen.getByText(/3 fields, 7\.49 ha mapped/)).toBeInTheDocument();
  });

  it('opens a field from the map', async () => {
    mockApi([[/\/api\/units\/7\/fields$/, () => ok(FIELDS)]]);
    renderFields();
    const map = await screen.findByRole('group', { name: "Map of Lower Dale Dairy's fields" });
    await userEvent.click(within(map).getByRole('link', { name: /^Gill Head/ }));
    expect(await screen.findByText('Field page')).toBeInTheDocument();
  });

  it("lists a refused import's problems by feature, naming each", async () => {
    mockApi([
      [/\/api\/units\/7\/fields$/, () => ok([])],
      [
        /\/api\/units\/7\/fields\/import/,
        () =>
          json(406, {
            status: false,
            type: 'Validation_Failed',
            type_label: 'Validation Failed',
            code: 406,
            msg: "Nothing was imported: 1 of the file's features cannot be fields. Feature 2 (Bow Tie) has a boundary that crosses itself (near -2.06500, 54.37500): redraw it so that it does not.",
            errors: {
              'Feature 2 (Bow Tie)': [
                'has a boundary that crosses itself (near -2.06500, 54.37500): redraw it so that it does not',
              ],
            },
          }),
      ],
    ]);
    renderFields();
    expect(await screen.findByText(/No fields yet/)).toBeInTheDocument();
    const file = new File(['{}'], 'fields.geojson', { type: 'application/geo+json' });
    await userEvent.upload(screen.getByLabelText('Import field boundaries (GeoJSON)'), file);
    await userEvent.click(screen.getByRole('button', { name: 'Import' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(/^Nothing was imported/);
    expect(within(alert).getByRole('listitem')).toHaveTextContent(
      'Feature 2 (Bow Tie) has a boundary that crosses itself',
    );
  });
});
