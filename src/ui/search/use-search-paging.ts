import { useEffect, useState } from 'react';

export const SEARCH_DELAY_MS = 300;

/**
 * A search box and the page of its results: the search applies once typing pauses, and a new
 * search starts again from page 1 (a page chosen for the current search is kept until then).
 */
export function useSearchPaging(delayMs = SEARCH_DELAY_MS) {
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  const [paging, setPaging] = useState({ search: '', page: 1 });

  useEffect(() => {
    const next = typed.trim();
    if (next === search) return;
    const timer = setTimeout(() => setSearch(next), delayMs);
    return () => clearTimeout(timer);
  }, [typed, search, delayMs]);

  const page = paging.search === search ? paging.page : 1;
  const setPage = (next: number) => setPaging({ search, page: next });
  return { typed, setTyped, search, page, setPage };
}
