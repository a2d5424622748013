import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useDialogs } from '../../src/core/dialogs/dialog-store.ts';
import { RecordForm } from '../../src/screens/records/RecordForm.tsx';
import { DialogHost } from '../../src/ui/dialogs/DialogHost.tsx';
import { callsTo, json, mockApi } from './mock-api.ts';
import { monthly } from './monthly-form.ts';

const RAW_AJV =
  /must be <=|must be >=|must have required property|must match format|must be integer/;

beforeEach(() => {
  useDialogs.setState({ dialogs: [], progress: null });
});

function renderForm() {
  const onSaved = vi.fn();
  render(
    <>
      <RecordForm
        type={monthly}
        unitId={7}
        onSaved={onSaved}
        onCancel={() => undefined}
        describe={() => 'Monthly record'}
        onQueued={() => undefined}
      />
      <DialogHost />
    </>,
  );
  return { onSaved };
}

/** The error messages RJSF shows under the field labelled `label`. */
async function fieldErrors(label: string | RegExp): Promise<string[]> {
  const input = await screen.findByLabelText(label);
  const group = input.closest('.form-group');
  if (!(group instanceof HTMLElement)) throw new Error(`no field group for ${String(label)}`);
  return within(group)
    .queryAllByRole('listitem')
    .map((item) => item.textContent);
}

describe('record form errors', () => {
  it("shows the server's 406 field errors on the fields in plain words, with no dialog, keeping the data", async () => {
    const fetch = mockApi([
      [
        /^\/api\/units\/7\/records\/monthly$/,
        () =>
          json(406, {
            status: false,
            type: 'Request_ValidationFailed',
            type_label: 'Validation Failed',
            code: 406,
            msg: 'The monthly record could not be saved: correct the fields listed and try again.',
            errors: {
              butterfat_percent: ['Butterfat must be at most 10'],
              colour: ['colour is not a field of this record type'],
            },
          }),
      ],
    ]);
    renderForm();
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/^Month/), '01/07/2026');
    await user.type(screen.getByLabelText(/^Milk sold/), '1000');
    await user.type(screen.getByLabelText(/^Cows in milk/), '200');
    await user.type(screen.getByLabelText(/^Butterfat/), '4.1');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await fieldErrors(/^Butterfat/)).toEqual(['Butterfat must be at most 10']);
    const list = await screen.findByRole('alert');
    // The list at the top holds the field's message and those of no field on the form.
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent)
        .sort(),
    ).toEqual(['Butterfat must be at most 10', 'colour is not a field of this record type']);
    expect(callsTo(fetch, /\/records\/monthly/)).toHaveLength(1);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    // What the user typed is still there.
    expect(screen.getByLabelText(/^Milk sold/)).toHaveValue('1000');
    expect(screen.getByLabelText(/^Butterfat/)).toHaveValue('4.1');

    // Changing the field takes its server message away.
    await user.clear(screen.getByLabelText(/^Butterfat/));
    await user.type(screen.getByLabelText(/^Butterfat/), '4');
    await waitFor(async () => expect(await fieldErrors(/^Butterfat/)).toEqual([]));
  });

  it('still reports other refusals in a dialog', async () => {
    mockApi([
      [
        /^\/api\/units\/7\/records\/monthly$/,
        () =>
          json(500, {
            status: false,
            type: 'Server_InternalError',
            type_label: 'Internal Server Error',
            code: 500,
            msg: 'An unexpected error occurred on the server.',
            errors: [],
          }),
      ],
    ]);
    renderForm();
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/^Month/), '01/07/2026');
    await user.type(screen.getByLabelText(/^Milk sold/), '1000');
    await user.type(screen.getByLabelText(/^Cows in milk/), '200');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByRole('alertdialog', { name: 'Error: Internal Server Error' }),
    ).toBeInTheDocument();
  });

  it("shows the browser's own checks in the same plain words, never ajv's", async () => {
    const fetch = mockApi([]);
    renderForm();
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/^Butterfat/), '12');
    await user.type(screen.getByLabelText(/^Cows in milk/), '2.5');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    const list = await screen.findByRole('alert');
    const listed = within(list)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(listed).toEqual(
      expect.arrayContaining([
        'Month is required',
        'Milk sold is required',
        'Butterfat must be at most 10',
      ]),
    );
    expect(listed.join('\n')).not.toMatch(RAW_AJV);
    expect(await fieldErrors(/^Butterfat/)).toEqual(['Butterfat must be at most 10']);
    expect(await fieldErrors(/^Month/)).toEqual(['Month is required']);
    expect(document.body.textContent).not.toMatch(RAW_AJV);
    expect(fetch).not.toHaveBeenCalled();
  });
});
