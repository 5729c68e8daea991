import { render, toPlainText } from '@react-email/render';
import type { ReactElement } from 'react';

/** A rendered e-mail: what every mail client needs, HTML and plain text alike. */
export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
}

// html-to-text (what render's plain-text mode runs) ships no types: the little of it used here.
interface TextBuilder {
  openBlock(options?: { leadingLineBreaks?: number; reservedLineLength?: number }): void;
  closeBlock(options?: { trailingLineBreaks?: number; blockTransform?: (text: string) => string }): void;
  addInline(text: string, options?: { noWordTransform?: boolean }): void;
}
interface TextElement {
  attribs?: Record<string, string>;
  children: unknown[];
}
type TextFormatter = (
  element: TextElement,
  walk: (nodes: unknown[], builder: TextBuilder) => void,
  builder: TextBuilder,
) => void;

const formatters: Record<string, TextFormatter> = {
  /** "label: url", for a button and a link in a sentence alike. */
  labelledLink(element, walk, builder) {
    walk(element.children, builder);
    const href = element.attribs?.href;
    if (href) builder.addInline(`: ${href}`, { noWordTransform: true });
  },
  /** A card's lines, indented by two spaces. */
  indented(element, walk, builder) {
    builder.openBlock({ leadingLineBreaks: 2, reservedLineLength: 2 });
    walk(element.children, builder);
    builder.closeBlock({
      trailingLineBreaks: 2,
      blockTransform: (text) =>
        text
          .split('\n')
          .map((line) => `  ${line}`)
          .join('\n'),
    });
  },
  /** The footer, under the signature delimiter. */
  signature(element, walk, builder) {
    builder.openBlock({ leadingLineBreaks: 2 });
    builder.addInline('--');
    walk(element.children, builder);
    builder.closeBlock({ trailingLineBreaks: 1 });
  },
};

/**
 * How the frame's pieces (./frame.tsx) read as plain text, on top of React Email's own rules
 * (pictures and the header left out, a table cell a line of its own): paragraphs a blank line
 * apart, nothing wrapped or upper-cased, a link as "label: url", a quote as "> " lines, bold
 * words in quotes.
 */
const PLAIN_TEXT = {
  preserveNewlines: true,
  formatters,
  selectors: [
    { selector: 'h1', options: { uppercase: false, trailingLineBreaks: 2 } },
    { selector: 'a', format: 'labelledLink' },
    { selector: 'strong', format: 'inlineSurround', options: { prefix: '"', suffix: '"' } },
    { selector: 'blockquote', options: { trimEmptyLines: false } },
    { selector: 'table[data-text=card]', format: 'indented' },
    { selector: 'table[data-text=footer]', format: 'signature' },
  ],
};

/**
 * Renders one e-mail's template into both parts from the one source, React escaping whatever the
 * members typed into the HTML; the plain text carries it as typed.
 */
export async function renderMail(subject: string, template: ReactElement): Promise<RenderedMail> {
  // One render serves both parts: the plain text is converted from the very HTML sent.
  const html = await render(template);
  return { subject, html, text: `${toPlainText(html, PLAIN_TEXT)}\n` };
}
