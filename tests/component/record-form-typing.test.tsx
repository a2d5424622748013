import Form, { getDefaultRegistry } from '@rjsf/core';
import type { RJSFSchema } from '@rjsf/utils';
import validator from '@rjsf/validator-ajv8';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState, type ComponentType } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { registeredWidgets } from '../../src/engine/widget-registry.ts';
import { RecordForm } from '../../src/screens/records/RecordForm.tsx';
import { deferredWidgets, TYPING_PAUSE_MS } from '../../src/widgets/deferred-changes.tsx';
import '../../src/widgets/index.ts';
import { mockApi } from './mock-api.ts';
import { monthly, savesMonthly } from './monthly-form.ts';

/**
 * The record form (or `Owner`, holding it), answering a save with 201 and keeping the data each
 * save sent.
 */
function renderMonthly(Owner?: ComponentType<{ onSaved: () => void }>) {
  const sent: Record<string, unknown>[] = [];
  mockApi([savesMonthly(sent)]);
  const onSaved = vi.fn();
  render(
    Owner ? (
      <Owner onSaved={onSaved} />
    ) : (
      <RecordForm
        type={monthly}
        unitId={7}
        onSaved={onSaved}
        onCancel={() => undefined}
        describe={() => 'Monthly record'}
        onQueued={() => undefined}
      />
    ),
  );
  return { sent, onSaved };
}

async function fillMonthly(user: ReturnType<typeof userEvent.setup>) {
  await user.type(await screen.findByLabelText(/^Month/), '01/07/2026');
  await user.type(screen.getByLabelText(/^Milk sold/), '1000');
  await user.type(screen.getByLabelText(/^Cows in milk/), '200');
}

describe('typing in a record form', () => {
  it('saves what was typed when Save is clicked at once', async () => {
    const { sent, onSaved } = renderMonthly();
    const user = userEvent.setup();
    await fillMonthly(user);
    await user.type(screen.getByLabelText('Notes'), 'Wet month');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      milk_sold_litres: 1000,
      cows_in_milk: 200,
      notes: 'Wet month',
    });
  });

  it('saves what was typed when Enter is pressed in the field still being typed in', async () => {
    const { sent, onSaved } = renderMonthly();
    const user = userEvent.setup();
    await fillMonthly(user);
    await user.type(screen.getByLabelText(/^Butterfat/), '4.15{Enter}');
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(sent[0]).toMatchObject({ cows_in_milk: 200, butterfat_percent: 4.15 });
  });

  it("takes a corrected field's message away once typing pauses", async () => {
    mockApi([]);
    render(
      <RecordForm
        type={monthly}
        unitId={7}
        onSaved={() => undefined}
        onCancel={() => undefined}
        describe={() => 'Monthly record'}
        onQueued={() => undefined}
      />,
    );
    const user = userEvent.setup();
    const butterfat = await screen.findByLabelText(/^Butterfat/);
    await user.type(butterfat, '12');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const group = () => {
      const element = screen.getByLabelText(/^Butterfat/).closest('.form-group');
      if (!(element instanceof HTMLElement)) throw new Error('no field group for Butterfat');
      return element;
    };
    expect(within(group()).getByText('Butterfat must be at most 10')).toBeInTheDocument();
    await user.clear(butterfat);
    await user.type(butterfat, '4');
    await waitFor(() =>
      expect(within(group()).queryByText('Butterfat must be at most 10')).not.toBeInTheDocument(),
    );
  });
});

describe('the record form holding what was typed', () => {
  /** The form inside an owner that renders again, for reasons of its own, on "Render again". */
  function Owner({ onSaved }: { onSaved: () => void }) {
    const [renders, setRenders] = useState(0);
    return (
      <>
        <button type="button" onClick={() => setRenders(renders + 1)}>
          Render again
        </button>
        <RecordForm
          type={monthly}
          unitId={7}
          onSaved={onSaved}
          onCancel={() => undefined}
          describe={() => 'Monthly record'}
          onQueued={() => undefined}
        />
      </>
    );
  }

  it('keeps what was typed when the page around it renders again', async () => {
    const { sent, onSaved } = renderMonthly(Owner);
    const user = userEvent.setup();
    await fillMonthly(user);
    await user.type(screen.getByLabelText('Notes'), 'Wet month');
    await user.tab();
    await user.click(screen.getByRole('button', { name: 'Render again' }));
    expect(screen.getByLabelText(/^Milk sold/)).toHaveValue('1000');
    expect(screen.getByLabelText('Notes')).toHaveValue('Wet month');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(sent[0]).toMatchObject({ milk_sold_litres: 1000, notes: 'Wet month' });
  });

  it('keeps the message of a field typed in before Save until that field changes', async () => {
    mockApi([]);
    render(<Owner onSaved={() => undefined} />);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/^Butterfat/), '12');
    await user.type(screen.getByLabelText('Notes'), 'Wet month');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const butterfat = () => {
      const element = screen.getByLabelText(/^Butterfat/).closest('.form-group');
      if (!(element instanceof HTMLElement)) throw new Error('no field group for Butterfat');
      return element;
    };
    expect(within(butterfat()).getByText('Butterfat must be at most 10')).toBeInTheDocument();
    // Another field changes, and the page renders again: the message stays.
    await user.type(screen.getByLabelText('Notes'), ', cold');
    await user.tab();
    await user.click(screen.getByRole('button', { name: 'Render again' }));
    expect(within(butterfat()).getByText('Butterfat must be at most 10')).toBeInTheDocument();
  });
});

describe('deferred widgets', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  const schema: RJSFSchema = {
    type: 'object',
    properties: {
      name: { type: 'string', title: 'Name' },
      herd: { type: 'integer', title: 'Herd' },
    },
  };
  const uiSchema = { herd: { 'ui:widget': 'numeric' } };
  const widgets = deferredWidgets({ ...getDefaultRegistry().widgets, ...registeredWidgets() });

  it('show what is typed at once and give it to the form when typing pauses or the field is left', () => {
    // Only the pause's timer is faked; React schedules its work as it always does.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const onChange = vi.fn<(data: unknown) => void>();
    render(
      <Form
        schema={schema}
        uiSchema={uiSchema}
        validator={validator}
        widgets={widgets}
        onChange={(e) => onChange(e.formData)}
      />,
    );
    onChange.mockClear();
    const name = screen.getByLabelText('Name');
    const herd = screen.getByLabelText('Herd');

    fireEvent.change(name, { target: { value: 'Dai' } });
    fireEvent.change(name, { target: { value: 'Dais' } });
    expect(name).toHaveValue('Dais');
    act(() => {
      vi.advanceTimersByTime(TYPING_PAUSE_MS - 1);
    });
    expect(onChange).not.toHaveBeenCalled();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(onChange).toHaveBeenLastCalledWith({ name: 'Dais' });

    fireEvent.change(name, { target: { value: 'Daisy' } });
    fireEvent.blur(name);
    expect(onChange).toHaveBeenCalledTimes(2);
    expect(onChange).toHaveBeenLastCalledWith({ name: 'Daisy' });

    fireEvent.change(herd, { target: { value: '120' } });
    expect(herd).toHaveValue('120');
    expect(onChange).toHaveBeenCalledTimes(2);
    fireEvent.blur(herd);
    expect(onChange).toHaveBeenLastCalledWith({ name: 'Daisy', herd: 120 });
    act(() => {
      vi.advanceTimersByTime(TYPING_PAUSE_MS);
    });
    expect(onChange).toHaveBeenCalledTimes(3);
    expect(herd).toHaveValue('120');
  });
});
