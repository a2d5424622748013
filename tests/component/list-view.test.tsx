import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { ApiPaged } from '../../shared/api.ts';
import { ApiError } from '../../src/core/api/errors.ts';
import { ListView, type ListRead } from '../../src/ui/list/ListView.tsx';

interface Fruit {
  id: number;
  name: string;
}

const page = (total: number, records: Fruit[], current = 1): ApiPaged<Fruit> => ({
  total_records: total,
  current_page: current,
  records_per_page: 2,
  records,
});

const read = (over: Partial<ListRead<Fruit>>): ListRead<Fruit> => ({
  data: undefined,
  error: undefined,
  isLoading: false,
  isValidating: false,
  mutate: vi.fn(),
  ...over,
});

function renderList(state: Partial<ListRead<Fruit>>, extra: { exports?: boolean } = {}) {
  const onPageChange = vi.fn();
  const list = read(state);
  render(
    <ListView
      read={list}
      what="The fruit"
      skeleton={{ shape: 'table', columns: 2 }}
      empty="No fruit yet."
      pastTheEnd="There is no such page."
      toolbar={<button type="button">Add fruit</button>}
      exports={
        extra.exports ? { csv: { path: '/fruit.csv' }, print: true, what: 'fruit' } : undefined
      }
      perPage={2}
      onPageChange={onPageChange}
      pagesLabel="Fruit pages"
    >
      {(data) => (
        <ul aria-label="Fruit">
          {data.records.map((fruit) => (
            <li key={fruit.id}>{fruit.name}</li>
          ))}
        </ul>
      )}
    </ListView>,
  );
  return { onPageChange, mutate: list.mutate };
}

describe('ListView', () => {
  it('shows the skeleton on the first load, with the toolbar already there', () => {
    renderList({ isLoading: true });
    expect(screen.getByRole('status', { busy: true })).toHaveTextContent('Loading…');
    expect(screen.getByRole('button', { name: 'Add fruit' })).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Fruit' })).not.toBeInTheDocument();
  });

  it('says a failed read in the server’s words, with a Retry that reads again', async () => {
    const user = userEvent.setup();
    const error = new ApiError(500, {
      status: false,
      type: 'Server_Error',
      type_label: 'Internal Server Error',
      code: 500,
      msg: 'The database is away.',
      errors: [],
    });
    const { mutate } = renderList({ error });
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('The fruit');
    expect(alert).toHaveTextContent('The database is away.');
    await user.click(within(alert).getByRole('button', { name: /Retry/ }));
    expect(mutate).toHaveBeenCalledOnce();
  });

  it('says when the list is empty, with no pagination', () => {
    renderList({ data: page(0, []) });
    expect(screen.getByText('No fruit yet.')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Fruit pages' })).not.toBeInTheDocument();
  });

  it('says when a page past the end was asked for', () => {
    renderList({ data: page(3, [], 5) });
    expect(screen.getByText('There is no such page.')).toBeInTheDocument();
  });

  it('draws the page of rows and its pagination, which turns the page', async () => {
    const user = userEvent.setup();
    const { onPageChange } = renderList({
      data: page(3, [
        { id: 1, name: 'Apple' },
        { id: 2, name: 'Pear' },
      ]),
    });
    const fruit = screen.getByRole('list', { name: 'Fruit' });
    expect(
      within(fruit)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Apple', 'Pear']);
    const pages = screen.getByRole('navigation', { name: 'Fruit pages' });
    await user.click(within(pages).getByRole('button', { name: /2/ }));
    expect(onPageChange).toHaveBeenCalledWith(2);
  });

  it('offers the list’s export actions beside its toolbar', () => {
    renderList({ data: page(1, [{ id: 1, name: 'Apple' }]) }, { exports: true });
    const group = screen.getByRole('group', { name: 'Export fruit' });
    expect(within(group).getByRole('button', { name: 'Download CSV of fruit' })).toBeVisible();
    expect(within(group).getByRole('button', { name: 'Print fruit' })).toBeVisible();
  });
});
