import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { SurveyDefinition } from '../../shared/surveys/types.ts';
import { AnswersView } from '../../src/screens/survey-responses/AnswersView.tsx';

/** The grower return's first pages as config/surveys/ words them (rows of crops and sprays). */
const SURVEY: SurveyDefinition = {
  id: 'grower-return',
  version: 1,
  title: 'Grower Return',
  description: null,
  provider: { reference: 'fenland_fresh', name: 'Fenland Fresh Produce' },
  targets: { plans: ['fenland_fresh_grower_scheme'], planFeatures: [] },
  opensOn: '2026-11-01',
  closesOn: '2026-12-18',
  lateUntil: null,
  pages: [
    {
      id: 'crops',
      title: 'Crops and areas',
      schema: {
        type: 'object',
        properties: {
          crops: {
            type: 'array',
            title: 'Crops grown for Fenland Fresh',
            items: {
              type: 'object',
              properties: {
                crop: {
                  type: 'string',
                  title: 'Crop',
                  oneOf: [
                    { const: 'vining_peas', title: 'Vining peas' },
                    { const: 'potatoes', title: 'Potatoes' },
                  ],
                },
                variety: { type: 'string', title: 'Variety' },
                area_ha: { type: 'number', title: 'Area drilled (ha)' },
                drilled_on: { type: 'string', title: 'Drilled or planted on', format: 'date' },
              },
            },
          },
          total_area_ha: { type: 'number', title: 'Total cropped area on the farm' },
        },
      },
      uiSchema: {
        'ui:order': ['total_area_ha', 'crops'],
        total_area_ha: { 'ui:options': { decimals: 1, unit: 'ha' } },
      },
      prefill: {},
    },
    {
      id: 'sprays',
      title: 'Sprays applied',
      schema: {
        type: 'object',
        properties: {
          sprayer_tested: { type: 'boolean', title: 'Has the sprayer passed its NSTS test?' },
          operator_certified: { type: 'boolean', title: 'Do all operators hold a certificate?' },
        },
      },
      uiSchema: {},
      prefill: {},
    },
  ],
};

describe('a response’s answers, read-only', () => {
  it('shows each page’s questions in the wizard’s order, rows one to a line, choices by title', () => {
    render(
      <AnswersView
        survey={SURVEY}
        answers={{
          crops: {
            crops: [
              // Keys in another order than the schema's: the schema's order is kept.
              { area_ha: 12.5, crop: 'potatoes', variety: 'Maris Piper' },
              { crop: 'vining_peas', variety: 'Span', area_ha: 30, drilled_on: '2026-04-02' },
            ],
            total_area_ha: 180,
          },
          sprays: { sprayer_tested: true, operator_certified: false },
        }}
      />,
    );
    const crops = screen.getByRole('region', { name: 'Crops and areas' });
    const terms = within(crops)
      .getAllByRole('term')
      .map((t) => t.textContent);
    expect(terms).toEqual(['Total cropped area on the farm', 'Crops grown for Fenland Fresh']);
    const rows = within(crops).getAllByRole('definition');
    expect(rows[0]).toHaveTextContent('180 ha');
    expect(rows[1]?.textContent).toBe(
      'Crop: Potatoes, Variety: Maris Piper, Area drilled (ha): 12.5\n' +
        'Crop: Vining peas, Variety: Span, Area drilled (ha): 30, Drilled or planted on: 02 Apr 2026',
    );
    const sprays = screen.getByRole('region', { name: 'Sprays applied' });
    expect(
      within(sprays)
        .getAllByRole('definition')
        .map((d) => d.textContent),
    ).toEqual(['Yes', 'No']);
  });

  it('says “Not answered” for a page or question left empty', () => {
    render(<AnswersView survey={SURVEY} answers={{ crops: { crops: [] } }} />);
    const sprays = screen.getByRole('region', { name: 'Sprays applied' });
    expect(within(sprays).getAllByText('Not answered')).toHaveLength(2);
    expect(
      within(screen.getByRole('region', { name: 'Crops and areas' })).getAllByText('Not answered'),
    ).toHaveLength(2);
  });
});
