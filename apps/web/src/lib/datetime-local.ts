const pad = (n: number) => String(n).padStart(2, '0');

/** A `datetime-local` value ("2026-12-12T10:30") as a UTC instant, read in the browser's zone. */
export const localToInstant = (value: string) => new Date(value).toISOString();

/** An instant as a `datetime-local` value in the browser's zone, to prefill a form. */
export function instantToLocal(iso: string | number) {
  const d = new Date(iso);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}
