import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import StirCalculatorScreen from '../../src/screens/stir-calculator/StirCalculatorScreen.tsx';
import EiqCalculatorScreen from '../../src/screens/eiq-calculator/EiqCalculatorScreen.tsx';

describe('the STIR calculator', () => {
  it("rates a preset with the table's value, hides its measured fields and flags an unconfirmed one", async () => {
    render(<StirCalculatorScreen />);
    const status = screen.getByRole('status');
    expect(status.textContent).toBe(
      'STIR for the year: 82.4 — above the NRCS no-till threshold of 20',
    );
    await userEvent.selectOptions(
      screen.getByLabelText('Operation: Mouldboard plough'),
      'Chisel plough (straight point, sweep or twisted shovel): 46',
    );
    expect(screen.queryByLabelText('Speed in km/h: Mouldboard plough')).toBeNull();
    // 46 + power harrow 13.4 + drill 6.7 + rolls 1.2
    expect(status.textContent).toBe(
      'STIR for the year: 67.2 — above the NRCS no-till threshold of 20',
    );
    await userEvent.selectOptions(
      screen.getByLabelText('Operation: Mouldboard plough'),
      'Light tandem finishing disc: 20',
    );
    expect(screen.getByRole('list', { name: 'Unconfirmed values' }).textContent).toMatch(
      /Unconfirmed: Derived from SnapPlus/,
    );
  });
});

describe('the EIQ calculator', () => {
  it('fills the EIQ from the table with its source and gives Field Use EIQ per ha and per acre', async () => {
    render(<EiqCalculatorScreen />);
    expect(screen.getByRole('status').textContent).toBe(
      'Field Use EIQ for the season: 16.6 per hectare (kg a.i./ha), 14.8 per acre (lb a.i./acre)',
    );
    expect(screen.getByText(/^Source: ucropit list/).textContent).toContain('cornell-eiq@1');
    await userEvent.selectOptions(
      screen.getByLabelText('Active ingredient: Glyphosate 360 g/l'),
      'Prothioconazole (no EIQ in the table)',
    );
    expect(screen.getByText(/Prothioconazole has no EIQ in cornell-eiq@1/)).toBeTruthy();
    const eiq = screen.getByLabelText('EIQ: Glyphosate 360 g/l');
    await userEvent.clear(eiq);
    await userEvent.type(eiq, '10');
    // 10 × 1.08 kg/ha = 10.8; × 0.892179 = 9.6 per acre
    expect(screen.getByRole('status').textContent).toBe(
      'Field Use EIQ for the season: 10.8 per hectare (kg a.i./ha), 9.6 per acre (lb a.i./acre)',
    );
  });
});
