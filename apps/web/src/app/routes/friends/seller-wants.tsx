import { CATEGORIES } from '@gardenswap/shared/constants';
import type { Want } from '@gardenswap/shared/wants';
import { EmptyState, ErrorBanner, Loading } from '../../../components/feedback';
import { useWants } from '../../../features/wants/api/use-wants';

const GROUPS = [
  { label: 'produce', id: CATEGORIES.produce },
  { label: 'seeds', id: CATEGORIES.seeds },
  { label: 'plants', id: CATEGORIES.plants },
  { label: 'uncategorized', id: undefined },
] as const;

const KNOWN: number[] = [CATEGORIES.produce, CATEGORIES.seeds, CATEGORIES.plants];

function inGroup(want: Want, id: number | undefined) {
  return id === undefined ? !KNOWN.includes(want.category_id) : want.category_id === id;
}

/** The seller's Want tab: their wish list by category. */
export function SellerWants({ userId }: { userId: number }) {
  const wants = useWants(userId);
  if (wants.isPending) return <Loading />;
  if (wants.isError) {
    return (
      <div>
        <ErrorBanner message="Failed to fetch data. Please try again later" />
        <button type="button" className="button" onClick={() => void wants.refetch()}>
          Try again
        </button>
      </div>
    );
  }
  if (wants.data.length === 0) return <EmptyState>No items in wishlist.</EmptyState>;
  return (
    <div className="seller-wants">
      {GROUPS.map((group) => {
        const items = wants.data.filter((want) => inGroup(want, group.id));
        if (items.length === 0) return null;
        return (
          <section key={group.label} aria-labelledby={`want-${group.label}`} className="seller-want-group">
            <h2 id={`want-${group.label}`}>{group.label}</h2>
            <ul className="seller-want-items">
              {items.map((want) => (
                <li key={want.id}>{want.title}</li>
              ))}
            </ul>
          </section>
        );
      })}
    </div>
  );
}
