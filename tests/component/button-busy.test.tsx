import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Button } from '../../src/ui/Button.tsx';

/** A form whose submit stays busy until the test lets it finish. */
function SaveForm({ onSave }: { onSave: () => Promise<void> }) {
  const [saving, setSaving] = useState(false);
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        setSaving(true);
        void onSave().finally(() => setSaving(false));
      }}
    >
      <label>
        Name <input name="name" />
      </label>
      <Button type="submit" busy={saving} busyLabel="Saving…">
        Save
      </Button>
    </form>
  );
}

function held() {
  let finish: () => void = () => undefined;
  const onSave = vi.fn(
    () =>
      new Promise<void>((resolve) => {
        finish = resolve;
      }),
  );
  return { onSave, finish: () => finish() };
}

describe('Button busy', () => {
  it('says it is busy, keeps focus and cannot be clicked twice', async () => {
    const user = userEvent.setup();
    const { onSave, finish } = held();
    render(<SaveForm onSave={onSave} />);
    const button = screen.getByRole('button', { name: 'Save' });
    expect(button).not.toHaveAttribute('aria-busy');
    expect(button).not.toHaveAttribute('aria-disabled');

    await user.click(button);
    const busy = screen.getByRole('button', { name: 'Saving…' });
    expect(busy).toBe(button);
    expect(busy).toHaveAttribute('aria-busy', 'true');
    expect(busy).toHaveAttribute('aria-disabled', 'true');
    // Still focusable, so focus stays where the user left it rather than falling to the page.
    expect(busy).not.toBeDisabled();
    expect(busy).toHaveFocus();

    await user.click(busy);
    await user.type(screen.getByLabelText('Name'), 'x{Enter}');
    expect(onSave).toHaveBeenCalledTimes(1);

    finish();
    expect(await screen.findByRole('button', { name: 'Save' })).not.toHaveAttribute('aria-busy');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSave).toHaveBeenCalledTimes(2);
  });

  it('shows a spinner hidden from screen readers, and keeps its label without a busy label', () => {
    const onClick = vi.fn();
    render(
      <Button busy onClick={onClick}>
        Delete
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Delete' });
    expect(button.querySelector('[aria-hidden="true"]')).not.toBeNull();
    button.click();
    expect(onClick).not.toHaveBeenCalled();
  });
});
