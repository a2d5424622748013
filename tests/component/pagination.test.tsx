import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { Pagination } from '../../src/ui/pagination/Pagination.tsx';
import { NARROW_SCREEN_QUERY } from '../../src/ui/pagination/use-narrow-screen.ts';

type ChangeListener = (event: MediaQueryListEvent) => void;

/** Stubs window.matchMedia with one query list whose `matches` the test controls. */
function stubMatchMedia(narrow: boolean) {
  const listeners = new Set<ChangeListener>();
  const queries: string[] = [];
  let matches = narrow;
  const matchMedia = vi.fn((media: string) => {
    queries.push(media);
    const list = {
      media,
      get matches() {
        return matches;
      },
      onchange: null,
      addEventListener: (_type: string, listener: ChangeListener) => listeners.add(listener),
      removeEventListener: (_type: string, listener: ChangeListener) => listeners.delete(listener),
      addListener: (listener: ChangeListener) => listeners.add(listener),
      removeListener: (listener: ChangeListener) => listeners.delete(listener),
      dispatchEvent: () => true,
    };
    return list as unknown as MediaQueryList;
  });
  vi.stubGlobal('matchMedia', matchMedia);
  return {
    queries,
    listeners,
    setNarrow(next: boolean) {
      matches = next;
      for (const listener of listeners) listener({ matches: next } as MediaQueryListEvent);
    },
  };
}

const pageButtons = () =>
  within(screen.getByRole('navigation')).getAllByRole('button', { name: /^Page \d+$/ });
const pageNumbers = () => pageButtons().map((button) => Number(button.textContent));

beforeEach(() => {
  stubMatchMedia(false);
});

describe('Pagination', () => {
  it('renders Previous, the page buttons and Next in a labelled navigation landmark', () => {
    render(<Pagination page={1} totalRecords={35} perPage={10} onPageChange={() => {}} />);
    const nav = screen.getByRole('navigation', { name: 'Pagination' });
    const names = within(nav)
      .getAllByRole('button')
      .map((button) => button.getAttribute('aria-label') ?? button.textContent);
    expect(names).toEqual(['Previous', 'Page 1', 'Page 2', 'Page 3', 'Page 4', 'Next']);
    expect(within(nav).getByRole('button', { name: 'Page 3' })).toHaveTextContent('3');
    for (const button of within(nav).getAllByRole('button')) {
      expect(button).toHaveAttribute('type', 'button');
    }
  });

  it('takes a custom landmark label', () => {
    render(
      <Pagination
        page={1}
        totalRecords={35}
        perPage={10}
        onPageChange={() => {}}
        label="Units pages"
      />,
    );
    expect(screen.getByRole('navigation', { name: 'Units pages' })).toBeInTheDocument();
  });

  it('marks only the current page with aria-current="page"', () => {
    render(<Pagination page={2} totalRecords={35} perPage={10} onPageChange={() => {}} />);
    expect(screen.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    const others = pageButtons().filter((button) => button.getAttribute('aria-label') !== 'Page 2');
    for (const button of others) expect(button).not.toHaveAttribute('aria-current');
  });

  it('calls onPageChange with the clicked page, and with the next and previous pages', async () => {
    const onPageChange = vi.fn<(page: number) => void>();
    render(<Pagination page={5} totalRecords={200} perPage={10} onPageChange={onPageChange} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Page 3' }));
    expect(onPageChange).toHaveBeenLastCalledWith(3);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(onPageChange).toHaveBeenLastCalledWith(6);
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    expect(onPageChange).toHaveBeenLastCalledWith(4);
    expect(onPageChange).toHaveBeenCalledTimes(3);
  });

  it('is keyboard usable', async () => {
    const onPageChange = vi.fn<(page: number) => void>();
    render(<Pagination page={1} totalRecords={35} perPage={10} onPageChange={onPageChange} />);
    const user = userEvent.setup();
    // Previous is disabled on the first page, so the first stop is Page 1.
    await user.tab();
    expect(screen.getByRole('button', { name: 'Page 1' })).toHaveFocus();
    await user.tab();
    await user.keyboard('{Enter}');
    expect(onPageChange).toHaveBeenLastCalledWith(2);
    await user.tab();
    await user.keyboard(' ');
    expect(onPageChange).toHaveBeenLastCalledWith(3);
  });

  it('disables Previous on the first page and Next on the last', async () => {
    const onPageChange = vi.fn<(page: number) => void>();
    const { rerender } = render(
      <Pagination page={1} totalRecords={35} perPage={10} onPageChange={onPageChange} />,
    );
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Next' })).toBeEnabled();

    rerender(<Pagination page={4} totalRecords={35} perPage={10} onPageChange={onPageChange} />);
    expect(screen.getByRole('button', { name: 'Previous' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Next' }));
    expect(onPageChange).not.toHaveBeenCalled();
  });

  it('treats a page past the end as the last page', () => {
    render(<Pagination page={9} totalRecords={35} perPage={10} onPageChange={() => {}} />);
    expect(screen.getByRole('button', { name: 'Page 4' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
  });

  it('shows 10 rotating page buttons on a wide screen', () => {
    render(<Pagination page={12} totalRecords={200} perPage={10} onPageChange={() => {}} />);
    expect(pageButtons()).toHaveLength(10);
    expect(pageNumbers()).toEqual([7, 8, 9, 10, 11, 12, 13, 14, 15, 16]);
  });

  it('shows 5 rotating page buttons when matchMedia reports a narrow screen', () => {
    const media = stubMatchMedia(true);
    render(<Pagination page={12} totalRecords={200} perPage={10} onPageChange={() => {}} />);
    expect(media.queries).toContain(NARROW_SCREEN_QUERY);
    expect(NARROW_SCREEN_QUERY).toBe('(max-width: 767.98px)');
    expect(pageButtons()).toHaveLength(5);
    expect(pageNumbers()).toEqual([10, 11, 12, 13, 14]);
  });

  it('follows the screen when it crosses the breakpoint', () => {
    const media = stubMatchMedia(false);
    const { unmount } = render(
      <Pagination page={1} totalRecords={200} perPage={10} onPageChange={() => {}} />,
    );
    expect(pageButtons()).toHaveLength(10);
    act(() => media.setNarrow(true));
    expect(pageButtons()).toHaveLength(5);
    act(() => media.setNarrow(false));
    expect(pageButtons()).toHaveLength(10);
    unmount();
    expect(media.listeners.size).toBe(0);
  });

  it('counts as a wide screen when matchMedia is missing', () => {
    vi.stubGlobal('matchMedia', undefined);
    render(<Pagination page={1} totalRecords={200} perPage={10} onPageChange={() => {}} />);
    expect(pageButtons()).toHaveLength(10);
  });

  it('renders nothing for a single page or no results', () => {
    const { container, rerender } = render(
      <Pagination page={1} totalRecords={10} perPage={10} onPageChange={() => {}} />,
    );
    expect(container).toBeEmptyDOMElement();
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
    rerender(<Pagination page={1} totalRecords={0} perPage={10} onPageChange={() => {}} />);
    expect(container).toBeEmptyDOMElement();
  });
});
