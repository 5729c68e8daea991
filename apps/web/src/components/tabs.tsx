import { useRef } from 'react';

interface TabsProps<T extends string> {
  label: string;
  tabs: { value: T; label: string }[];
  value: T;
  onChange: (value: T) => void;
  /** id prefix of the panels each tab controls. */
  idPrefix: string;
}

/** ARIA tabs: arrow keys move between them, the panel is `${idPrefix}-panel`. */
export function Tabs<T extends string>({ label, tabs, value, onChange, idPrefix }: TabsProps<T>) {
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const move = (index: number) => {
    const next = tabs[(index + tabs.length) % tabs.length]!;
    onChange(next.value);
    refs.current[(index + tabs.length) % tabs.length]?.focus();
  };
  return (
    <div className="tabs" role="tablist" aria-label={label}>
      {tabs.map((tab, index) => {
        const selected = tab.value === value;
        return (
          <button
            key={tab.value}
            ref={(el) => {
              refs.current[index] = el;
            }}
            type="button"
            role="tab"
            id={`${idPrefix}-tab-${tab.value}`}
            aria-selected={selected}
            aria-controls={`${idPrefix}-panel`}
            tabIndex={selected ? 0 : -1}
            className={`tab${selected ? ' tab-active' : ''}`}
            onClick={() => onChange(tab.value)}
            onKeyDown={(e) => {
              if (e.key === 'ArrowRight') move(index + 1);
              if (e.key === 'ArrowLeft') move(index - 1);
            }}
          >
            {tab.label}
          </button>
        );
      })}
    </div>
  );
}
