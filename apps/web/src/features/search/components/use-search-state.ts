import { useSearchParams } from 'react-router';

export const SEARCH_CATEGORIES = ['produce', 'seeds', 'plants'] as const;
export type SearchCategory = (typeof SEARCH_CATEGORIES)[number];

/**
 * A search screen's controls, kept in the address so a search can be shared and survives a reload:
 * `tab` (absent means the first tab), `category` (absent means produce) and `q`.
 */
export function useSearchState<T extends string>(tabs: readonly [T, ...T[]]) {
  const [params, setParams] = useSearchParams();
  const first = tabs[0];
  const rawTab = params.get('tab');
  const tab = tabs.find((t) => t === rawTab) ?? first;
  const rawCategory = params.get('category');
  const category = SEARCH_CATEGORIES.find((c) => c === rawCategory) ?? 'produce';
  const q = params.get('q') ?? '';

  const set = (name: string, value: string, fallback: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === fallback) next.delete(name);
        else next.set(name, value);
        return next;
      },
      { replace: true },
    );

  return {
    tab,
    category,
    q,
    setTab: (value: T) => set('tab', value, first),
    setCategory: (value: SearchCategory) => set('category', value, 'produce'),
    setQ: (value: string) => set('q', value, ''),
  };
}
