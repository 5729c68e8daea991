import { ArrowLeft } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { FilterControls } from '../../../features/listings/components/filter-controls';
import { readFilters, writeFilters } from '../../../features/listings/utils/filters';
import '../../../features/listings/listings.css';

/**
 * /filter-page: the filter modal's controls on a page of their own, a seed lot's with them while
 * filtering seeds; "Show results" opens the marketplace with them.
 */
export default function FilterPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [filters, setFilters] = useState(() => readFilters(params));
  const query = params.toString();
  const back = `/listings${query ? `?${query}` : ''}`;
  return (
    <div className="filter-page">
      <div className="page-header">
        <Link to={back} className="button button-ghost">
          <ArrowLeft aria-hidden size={18} /> Back
        </Link>
      </div>
      <h1>Filter</h1>
      <form
        className="card form"
        aria-label="Filter listings"
        onSubmit={(event) => {
          event.preventDefault();
          const query = writeFilters(params, filters).toString();
          navigate(`/listings${query ? `?${query}` : ''}`);
        }}
      >
        <FilterControls value={filters} onChange={setFilters} seeds={params.get('category') === 'seeds'} />
        <button type="submit" className="button button-primary button-block">
          Show results
        </button>
      </form>
    </div>
  );
}
