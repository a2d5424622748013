import Form from '@rjsf/core';
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import validator from '@rjsf/validator-ajv8';
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { registeredWidgets } from '../../src/engine/widget-registry.ts';
import '../../src/widgets/index.ts';

/** A real RJSF form with the project's widgets; returns the last form data it reported. */
function renderForm(schema: RJSFSchema, uiSchema: UiSchema, formData: object = {}) {
  const onChange = vi.fn<(data: unknown) => void>();
  render(
    <Form
      schema={schema}
      uiSchema={uiSchema}
      formData={formData}
      validator={validator}
      widgets={registeredWidgets()}
      onChange={(e) => onChange(e.formData)}
    />,
  );
  return { last: () => onChange.mock.calls.at(-1)?.[0] as Record<string, unknown> | undefined };
}

describe('numeric widget', () => {
  const schema: RJSFSchema = {
    type: 'object',
    properties: {
      butterfat: { type: 'number', title: 'Butterfat', minimum: 0, maximum: 10 },
      balance: { type: 'number', title: 'Balance' },
      herd: { type: 'integer', title: 'Herd', minimum: 0 },
      stock: { type: 'number', title: 'Stock', minimum: 0 },
    },
  };
  const uiSchema: UiSchema = {
    butterfat: { 'ui:widget': 'numeric', 'ui:options': { decimals: 2, unit: '%' } },
    balance: { 'ui:widget': 'numeric', 'ui:options': { decimals: 1, defaultZero: true } },
    herd: { 'ui:widget': 'numeric', 'ui:options': { unit: 'head' } },
    stock: { 'ui:widget': 'numeric', 'ui:options': { decimals: 3, defaultZero: true, unit: 't' } },
  };

  it('keeps digits, one dot and the allowed decimal places, and shows the unit label', async () => {
    const form = renderForm(schema, uiSchema);
    const field = screen.getByLabelText('Butterfat');
    await userEvent.setup().type(field, '4x.1.259');
    expect(field).toHaveValue('4.12');
    expect(form.last()?.butterfat).toBe(4.12);
    expect(field).toHaveAccessibleDescription('%');
  });

  it('allows a leading minus only when the minimum allows negatives', async () => {
    const form = renderForm(schema, uiSchema);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Balance'), '-12.5');
    await user.type(screen.getByLabelText('Herd'), '-12.5');
    expect(form.last()).toMatchObject({ balance: -12.5, herd: 125 });
  });

  it('cleans pasted and dropped text', () => {
    const form = renderForm(schema, uiSchema);
    const field = screen.getByLabelText('Herd');
    fireEvent.paste(field, { clipboardData: { getData: () => '1,250 head' } });
    expect(field).toHaveValue('1250');
    expect(form.last()?.herd).toBe(1250);
  });

  it('reads a typed or pasted comma as the decimal separator, and UK grouping as thousands', async () => {
    const form = renderForm(schema, uiSchema);
    const butterfat = screen.getByLabelText('Butterfat');
    fireEvent.paste(butterfat, { clipboardData: { getData: () => '4,05' } });
    expect(butterfat).toHaveValue('4.05');
    expect(form.last()?.butterfat).toBe(4.05);
    const user = userEvent.setup();
    await user.clear(butterfat);
    await user.type(butterfat, '3,9');
    expect(butterfat).toHaveValue('3.9');
    expect(form.last()?.butterfat).toBe(3.9);
    const stock = screen.getByLabelText('Stock');
    fireEvent.paste(stock, { clipboardData: { getData: () => '1,234.5' } });
    expect(form.last()?.stock).toBe(1234.5);
    await user.clear(stock);
    fireEvent.paste(stock, { clipboardData: { getData: () => '1,234' } });
    expect(form.last()?.stock).toBe(1234);
  });

  it('never runs a cleared default 0 into the next digit', async () => {
    const form = renderForm(schema, uiSchema, { stock: 0 });
    const stock = screen.getByLabelText('Stock');
    expect(stock).toHaveValue('0');
    const user = userEvent.setup();
    await user.clear(stock);
    expect(form.last()?.stock).toBe(0);
    await user.type(stock, '7.242');
    expect(stock).toHaveValue('7.242');
    expect(form.last()?.stock).toBe(7.242);
    // Typing after a 0 that was left in the field replaces it rather than making "07".
    await user.clear(stock);
    await user.type(stock, '0');
    await user.type(stock, '7');
    expect(stock).toHaveValue('7');
    expect(stock).toHaveAccessibleDescription('t');
  });

  it('stores 0 for an emptied field with defaultZero', async () => {
    const form = renderForm(schema, uiSchema, { balance: 7 });
    const field = screen.getByLabelText('Balance');
    expect(field).toHaveValue('7');
    await userEvent.setup().clear(field);
    expect(form.last()?.balance).toBe(0);
  });
});

describe('date widget', () => {
  const schema: RJSFSchema = {
    type: 'object',
    properties: {
      calved: { type: 'number', title: 'Calved' },
      month: { type: 'string', title: 'Month' },
    },
  };
  const uiSchema: UiSchema = {
    calved: { 'ui:widget': 'date' },
    month: { 'ui:widget': 'date', 'ui:options': { storage: 'date-string' } },
  };

  it('reads dd/MM/yyyy typed in any browser language, stores epoch seconds at 12:00 or yyyy-MM-dd, and clears to nothing', async () => {
    const form = renderForm(schema, uiSchema);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Calved'), '14/03/2026');
    await user.type(screen.getByLabelText('Month'), '1-10-2026');
    expect(form.last()).toMatchObject({
      calved: Date.UTC(2026, 2, 14, 12) / 1000,
      month: '2026-10-01',
    });
    await user.clear(screen.getByLabelText('Month'));
    expect(form.last()?.month).toBeUndefined();
  });

  it('is a numeric text input with a visible dd/mm/yyyy hint that describes it', () => {
    renderForm(schema, uiSchema);
    const field = screen.getByLabelText('Calved');
    expect(field).toHaveAttribute('type', 'text');
    expect(field).toHaveAttribute('inputmode', 'numeric');
    expect(field).toHaveAccessibleDescription('dd/mm/yyyy');
  });

  it('shows a stored value as dd/MM/yyyy', () => {
    renderForm(schema, uiSchema, {
      calved: Date.UTC(2026, 2, 14, 12) / 1000,
      month: '2026-10-01',
    });
    expect(screen.getByLabelText('Calved')).toHaveValue('14/03/2026');
    expect(screen.getByLabelText('Month')).toHaveValue('01/10/2026');
  });

  it('says an impossible date is not a date, stores nothing and blocks the submit', async () => {
    const onSubmit = vi.fn();
    render(
      <Form
        schema={schema}
        uiSchema={uiSchema}
        validator={validator}
        widgets={registeredWidgets()}
        onSubmit={onSubmit}
      />,
    );
    const user = userEvent.setup();
    const field = screen.getByLabelText('Month');
    await user.type(field, '31/02/2026');
    await user.tab();
    expect(field).toHaveAccessibleDescription('dd/mm/yyyy 31/02/2026 is not a date');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(field).toHaveFocus();
    await user.clear(field);
    await user.type(field, '28/02/2026');
    expect(field).not.toHaveAttribute('aria-invalid');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({ formData: { month: '2026-02-28' } });
  });
});

describe('dropdown widget', () => {
  const schema: RJSFSchema = {
    type: 'object',
    required: ['breed'],
    properties: {
      breed: { type: 'string', title: 'Breed', enum: ['Holstein', 'Jersey'] },
      system: { type: 'string', title: 'System', enum: ['Housed', 'Grazing'] },
    },
  };

  it("offers 'Please select an option' when required or given a default text", async () => {
    const form = renderForm(schema, {
      breed: { 'ui:widget': 'dropdown' },
      system: { 'ui:widget': 'dropdown', 'ui:options': { defaultText: 'Choose a system' } },
    });
    const breed = screen.getByLabelText(/Breed/);
    expect(screen.getAllByRole('option', { name: 'Please select an option' })).toHaveLength(1);
    expect(screen.getByRole('option', { name: 'Choose a system' })).toBeInTheDocument();
    await userEvent.setup().selectOptions(breed, 'Jersey');
    expect(form.last()?.breed).toBe('Jersey');
  });
});
