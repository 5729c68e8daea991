import { useEffect, useRef } from 'react';
import { Loading } from '../../../components/feedback';

interface LoadMoreProps {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
}

/**
 * The end of a paged list: the next page loads as this comes into view, and a "Load more"
 * button does the same where scrolling cannot (no IntersectionObserver, keyboard users).
 */
export function LoadMore({ hasNextPage, isFetchingNextPage, fetchNextPage }: LoadMoreProps) {
  const sentinel = useRef<HTMLDivElement>(null);
  const fetchNext = useRef(fetchNextPage);
  fetchNext.current = fetchNextPage;

  // Observing again after each page means a sentinel still in view asks for one more.
  useEffect(() => {
    const node = sentinel.current;
    if (!node || !hasNextPage || isFetchingNextPage || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) fetchNext.current();
      },
      { rootMargin: '400px 0px' },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage]);

  if (!hasNextPage) return null;
  return (
    <div ref={sentinel} className="load-more">
      {isFetchingNextPage ? (
        <Loading label="Loading more..." />
      ) : (
        <button type="button" className="button" onClick={() => fetchNextPage()}>
          Load more
        </button>
      )}
    </div>
  );
}
