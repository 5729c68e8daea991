import { CATEGORY_OPTIONS } from '../utils/categories';

/** The spec's category buttons (produce, seeds, plants): one is always chosen. */
export function CategoryButtons({
  value,
  onChange,
  label = 'Category',
}: {
  value: number;
  onChange: (categoryId: number) => void;
  label?: string;
}) {
  return (
    <div className="chip-row category-buttons" role="group" aria-label={label}>
      {CATEGORY_OPTIONS.map((c) => (
        <button key={c.id} type="button" className="chip" aria-pressed={value === c.id} onClick={() => onChange(c.id)}>
          {c.name}
        </button>
      ))}
    </div>
  );
}
