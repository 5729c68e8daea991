/** Names up to this long are shown as they are: they fit wherever a name is shown. */
const SHORT = 14;
/** How many characters of a long name's end stay in sight. */
const TAIL = 6;

/**
 * A name on one line that, when it does not fit, keeps its start and its end with an ellipsis in
 * the middle ("jonas_tomat…h14q"), so names that differ only at the end stay apart. The whole
 * name is what assistive technology reads and what the tooltip shows.
 */
export function MiddleEllipsis({ text, tail = TAIL }: { text: string; tail?: number }) {
  if (text.length <= SHORT || tail <= 0 || tail >= text.length) {
    return (
      <span className="middle-ellipsis">
        <span className="middle-ellipsis-start">{text}</span>
      </span>
    );
  }
  // Two boxes would be read as two words, so the reader gets the name whole and the boxes are hidden.
  return (
    <span className="middle-ellipsis middle-ellipsis-split" title={text}>
      <span className="visually-hidden">{text}</span>
      <span className="middle-ellipsis-start" aria-hidden>
        {text.slice(0, -tail)}
      </span>
      <span className="middle-ellipsis-end" aria-hidden>
        {text.slice(-tail)}
      </span>
    </span>
  );
}
