import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Skeleton } from '../../src/ui/skeleton/Skeleton.tsx';
import { mockApi, ok } from './mock-api.ts';
import { renderApp } from './render-app.tsx';
import { signedInAsBuyer, unitListing } from './buyer.ts';

signedInAsBuyer();

describe('skeleton', () => {
  it('draws a busy status that says "Loading…" with the bars hidden from screen readers', () => {
    const { container } = render(<Skeleton shape="table" columns={3} rows={2} />);
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent('Loading…');
    expect(status).toHaveAttribute('aria-busy', 'true');
    const shapes = container.querySelector('[aria-hidden="true"]');
    expect(shapes?.getAttribute('data-shape')).toBe('table');
    // A header row and two rows of three bars each.
    expect(shapes?.firstElementChild?.children).toHaveLength(3);
    expect(shapes?.firstElementChild?.children[0]?.children).toHaveLength(3);
  });

  it('shows the units list skeleton while its request is pending, then the rows', async () => {
    let release: () => void = () => {};
    const pending = new Promise<void>((resolve) => (release = resolve));
    mockApi([
      [
        /^\/api\/accounts\/units\?/,
        async () => {
          await pending;
          return ok({
            total_records: 2,
            current_page: 1,
            records_per_page: 10,
            records: [unitListing(1), unitListing(2)],
          });
        },
      ],
    ]);
    renderApp('/units/list');
    const status = await screen.findByRole('status', { busy: true });
    expect(status).toHaveTextContent('Loading…');
    expect(screen.queryByRole('list', { name: 'Units' })).not.toBeInTheDocument();

    release();
    const units = await screen.findByRole('list', { name: 'Units' });
    expect(within(units).getAllByRole('heading')).toHaveLength(2);
    expect(screen.queryByText('Loading…')).not.toBeInTheDocument();
  });
});
