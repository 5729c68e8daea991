import { IN_SEASON_CHIPS } from '@gardenswap/shared/constants';
import { IN_SEASON_TEXTS } from '@gardenswap/shared/in-season-texts';
import { Link } from 'react-router';
import { useInSeason } from '../api/use-in-season';
import '../season.css';

/**
 * The marketplace's "In season near you": the produce listed most near the member lately, as
 * chips that search the marketplace for it within the same distance. It keeps its height while it
 * loads and when there is nothing to show, so the listings below never jump.
 */
export function InSeasonChips({
  miles,
  searchFor,
}: {
  miles?: number;
  searchFor: (word: string, miles: number) => string;
}) {
  const season = useInSeason(miles);
  const data = season.data;
  const crops = data?.crops.slice(0, IN_SEASON_CHIPS) ?? [];
  return (
    <section className="in-season" aria-labelledby="in-season-title" aria-busy={season.isPending}>
      <h2 id="in-season-title" className="in-season-title">
        {IN_SEASON_TEXTS.heading}
      </h2>
      {season.isPending ? (
        <p className="muted in-season-line">{IN_SEASON_TEXTS.loading}</p>
      ) : season.isError ? (
        <p className="muted in-season-line">{IN_SEASON_TEXTS.loadFailed}</p>
      ) : !data!.located ? (
        <p className="muted in-season-line">
          <Link to="/personal-info">{IN_SEASON_TEXTS.addPostcode}</Link>
        </p>
      ) : crops.length === 0 ? (
        <p className="muted in-season-line">{IN_SEASON_TEXTS.none(data!.within_miles)}</p>
      ) : (
        <ul className="in-season-chips" aria-describedby="in-season-within">
          {crops.map((c) => (
            <li key={c.crop}>
              <Link
                className="chip"
                to={searchFor(c.search, data!.within_miles)}
                aria-label={IN_SEASON_TEXTS.chipLabel(c.crop, c.listings)}
                title={IN_SEASON_TEXTS.chipLabel(c.crop, c.listings)}
              >
                {c.crop} <span className="in-season-count">{c.listings}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
      {data?.located && crops.length > 0 && (
        <p id="in-season-within" className="visually-hidden">
          {IN_SEASON_TEXTS.within(data.within_miles)}
        </p>
      )}
    </section>
  );
}
