import { CATEGORIES, WANTS_PER_CATEGORY } from '@gardenswap/shared/constants';
import { type Want, WantTitleSchema } from '@gardenswap/shared/wants';
import { Plus, Trash2, Undo2 } from 'lucide-react';
import { type FormEvent, useCallback, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ErrorBanner, Loading } from '../../../components/feedback';
import { TextField } from '../../../components/field';
import { ApiError } from '../../../lib/api-client';
import {
  type WantListChanges,
  type WantStepDone,
  useSaveWantList,
} from '../../../features/wants/api/use-save-want-list';
import { useWants } from '../../../features/wants/api/use-wants';
import { AlreadyAvailable } from '../../../features/wants/components/already-available';
import '../../../features/wants/wants.css';

const CATEGORY_OPTIONS = Object.entries(CATEGORIES).map(([name, id]) => ({ name, id }));

/** One input of the editor: a new item, or an existing one (with `id`) that may be marked for deletion. */
interface Row {
  key: string;
  category_id: number;
  title: string;
  id?: number;
  /** The title the server holds, for existing items. */
  saved?: string;
  deleted: boolean;
}

let nextKey = 0;
const newRow = (category_id: number): Row => ({ key: `new-${nextKey++}`, category_id, title: '', deleted: false });

/** Every category shows at least one input, so there is always somewhere to type. */
function withBlankRows(rows: Row[]): Row[] {
  const result = [...rows];
  for (const { id } of CATEGORY_OPTIONS) {
    if (!result.some((r) => r.category_id === id && !r.deleted)) result.push(newRow(id));
  }
  return result;
}

const fromWants = (wants: Want[]): Row[] =>
  withBlankRows(
    wants.map((w) => ({
      key: `want-${w.id}`,
      category_id: w.category_id,
      title: w.title,
      id: w.id,
      saved: w.title,
      deleted: false,
    })),
  );

/** What saving would send: marked and emptied existing items go, new ones come, renamed ones change. */
function changesOf(rows: Row[]): WantListChanges {
  const changes: WantListChanges = { deletes: [], creates: [], updates: [] };
  for (const row of rows) {
    const title = row.title.trim();
    if (row.id !== undefined && (row.deleted || title === '')) changes.deletes.push({ key: row.key, id: row.id });
    else if (row.id === undefined && !row.deleted && title) {
      changes.creates.push({ key: row.key, title, category_id: row.category_id });
    } else if (row.id !== undefined && title !== row.saved) changes.updates.push({ key: row.key, id: row.id, title });
  }
  return changes;
}

/** /post-want: the wish list editor, up to 5 items per category. */
export default function PostWantPage() {
  const wants = useWants();
  return (
    <div className="post-want">
      <nav className="segmented" aria-label="What to post">
        <Link className="segment" to="/listings/new">
          Have
        </Link>
        <span className="segment segment-active" aria-current="page">
          Want
        </span>
      </nav>
      <h1>What are you looking for?</h1>
      {wants.isPending ? (
        <Loading />
      ) : wants.isError ? (
        <ErrorBanner message="Failed to load your wish list. Please try again later." />
      ) : (
        <WantEditor wants={wants.data} />
      )}
    </div>
  );
}

function WantEditor({ wants }: { wants: Want[] }) {
  const navigate = useNavigate();
  const [rows, setRows] = useState(() => fromWants(wants));
  const [category, setCategory] = useState<number>(CATEGORIES.produce);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string>();
  const focusKey = useRef<string | undefined>(undefined);

  const applyStep = (step: WantStepDone) =>
    setRows((current) =>
      current.flatMap((row) => {
        if (row.key !== step.key) return [row];
        if (step.kind === 'deleted') return [];
        if (step.kind === 'created')
          return [{ ...row, id: step.want.id, title: step.want.title, saved: step.want.title }];
        return [{ ...row, saved: step.title }];
      }),
    );
  // New wants are kept to show, once saved, what already matches them.
  const created = useRef<Want[]>([]);
  const [saved, setSaved] = useState<Want[]>();
  const save = useSaveWantList((step) => {
    if (step.kind === 'created') created.current.push(step.want);
    applyStep(step);
  });
  const toWantList = useCallback(() => navigate('/my-listings?tab=want'), [navigate]);

  const shown = rows.filter((r) => r.category_id === category && !r.deleted);
  const marked = rows.filter((r) => r.category_id === category && r.deleted);
  const last = shown[shown.length - 1];
  const canAdd = shown.length < WANTS_PER_CATEGORY && !!last && last.title.trim() !== '';

  const edit = (key: string, title: string) => {
    setRows((current) => current.map((r) => (r.key === key ? { ...r, title } : r)));
    setErrors(({ [key]: _gone, ...rest }) => rest);
    setFormError(undefined);
  };
  const add = () => {
    const row = newRow(category);
    focusKey.current = row.key;
    setRows((current) => [...current, row]);
  };
  const remove = (row: Row) => {
    setRows((current) =>
      withBlankRows(
        row.id === undefined
          ? current.filter((r) => r.key !== row.key)
          : current.map((r) => (r.key === row.key ? { ...r, deleted: true } : r)),
      ),
    );
    setErrors(({ [row.key]: _gone, ...rest }) => rest);
    setFormError(undefined);
  };
  const undo = (row: Row) =>
    setRows((current) =>
      current
        // The blank input that stood in for an emptied category gives its place back.
        .filter((r) => !(r.category_id === row.category_id && r.id === undefined && !r.deleted && !r.title.trim()))
        .map((r) => (r.key === row.key ? { ...r, deleted: false } : r)),
    );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (save.isPending) return;
    setFormError(undefined);
    const problems: Record<string, string> = {};
    for (const row of rows) {
      if (row.deleted || !row.title.trim()) continue;
      const result = WantTitleSchema.safeParse(row.title);
      if (!result.success) problems[row.key] = result.error.issues[0]?.message ?? 'Invalid item';
    }
    setErrors(problems);
    const firstProblem = rows.find((r) => problems[r.key]);
    if (firstProblem) {
      setCategory(firstProblem.category_id);
      return;
    }
    const changes = changesOf(rows);
    if (!changes.deletes.length && !changes.creates.length && !changes.updates.length) {
      setFormError('Please add at least one item to your wish list');
      return;
    }
    save.mutate(changes, {
      onSuccess: () => (created.current.length ? setSaved(created.current) : toWantList()),
      onError: (e) =>
        setFormError(
          e instanceof ApiError && e.status === 409 ? e.detail : 'Failed to save changes. Please try again.',
        ),
    });
  };

  if (saved) return <AlreadyAvailable wants={saved} onDone={toWantList} />;
  const categoryName = CATEGORY_OPTIONS.find((c) => c.id === category)?.name ?? '';
  return (
    <form className="card form want-editor" onSubmit={submit} noValidate aria-label="Wish list">
      <ErrorBanner message={formError} onDismiss={() => setFormError(undefined)} />
      <div className="chip-row" role="group" aria-label="Category">
        {CATEGORY_OPTIONS.map((c) => (
          <button
            key={c.id}
            type="button"
            className="chip"
            aria-pressed={category === c.id}
            onClick={() => setCategory(c.id)}
          >
            {c.name}
          </button>
        ))}
      </div>
      <fieldset className="want-items" disabled={save.isPending}>
        <legend className="visually-hidden">{categoryName} items</legend>
        {shown.map((row, index) => (
          <div key={row.key} className="want-item">
            <TextField
              label={`${categoryName} item ${index + 1}`}
              hideLabel
              placeholder="Item name"
              autoComplete="off"
              maxLength={200}
              value={row.title}
              error={errors[row.key]}
              autoFocus={focusKey.current === row.key}
              onChange={(e) => edit(row.key, e.currentTarget.value)}
            />
            <button
              type="button"
              className="icon-button"
              aria-label={`Delete ${row.title.trim() || `${categoryName} item ${index + 1}`}`}
              onClick={() => remove(row)}
            >
              <Trash2 aria-hidden size={20} />
            </button>
          </div>
        ))}
        {marked.length > 0 && (
          <ul className="want-marked" aria-label="Removed when you save">
            {marked.map((row) => (
              <li key={row.key}>
                <s>{row.saved}</s>
                <span className="visually-hidden"> (removed when you save)</span>
                <button
                  type="button"
                  className="button button-ghost"
                  disabled={shown.filter((r) => r.title.trim()).length >= WANTS_PER_CATEGORY}
                  onClick={() => undo(row)}
                >
                  <Undo2 aria-hidden size={16} /> Undo
                </button>
              </li>
            ))}
          </ul>
        )}
        <div className="spread">
          <p className="field-hint">Add no more than 5 items per category.</p>
          <button type="button" className="button" onClick={add} disabled={!canAdd}>
            <Plus aria-hidden size={18} /> Add item
          </button>
        </div>
      </fieldset>
      <button type="submit" className="button button-primary button-block" disabled={save.isPending}>
        {save.isPending ? 'Saving...' : 'save changes'}
      </button>
    </form>
  );
}
