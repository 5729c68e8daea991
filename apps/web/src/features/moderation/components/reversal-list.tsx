import type { ReactNode } from 'react';
import { EmptyState, ErrorBanner, Loading, Notice } from '../../../components/feedback';

interface ListQuery<T> {
  isPending: boolean;
  isError: boolean;
  data?: T[];
  refetch: () => unknown;
}

/**
 * A moderator's list of actions that can be taken back (suspended members, hidden listings): its
 * loading, error and empty states, the outcome of the last reversal, and one card per entry.
 */
export function ReversalList<T>(props: {
  id: string;
  title: string;
  empty: string;
  loadError: string;
  query: ListQuery<T>;
  done?: string;
  keyOf: (entry: T) => number;
  children: (entry: T) => ReactNode;
  /** The confirmation dialog, when one is open. */
  dialog?: ReactNode;
}) {
  const { query } = props;
  return (
    <section className="moderation-section" aria-labelledby={props.id}>
      <h2 id={props.id}>{props.title}</h2>
      {props.done && <Notice message={props.done} />}
      {query.isPending ? (
        <Loading />
      ) : query.isError || !query.data ? (
        <>
          <ErrorBanner message={props.loadError} />
          <button type="button" className="button" onClick={() => void query.refetch()}>
            Try again
          </button>
        </>
      ) : query.data.length === 0 ? (
        <EmptyState>
          <p>{props.empty}</p>
        </EmptyState>
      ) : (
        <ul className="list moderation-groups" aria-label={props.title}>
          {query.data.map((entry) => (
            <li key={props.keyOf(entry)} className="card moderation-group">
              {props.children(entry)}
            </li>
          ))}
        </ul>
      )}
      {props.dialog}
    </section>
  );
}

/** The button that takes an action back, or why there is none: a moderator never acts on themselves. */
export function ReversalButton(props: {
  aboutMe: boolean;
  aboutYou: string;
  onClick: () => void;
  children: ReactNode;
}) {
  if (props.aboutMe) return <p className="muted">{props.aboutYou}</p>;
  return (
    <div className="moderation-actions">
      <button type="button" className="button" onClick={props.onClick}>
        {props.children}
      </button>
    </div>
  );
}
