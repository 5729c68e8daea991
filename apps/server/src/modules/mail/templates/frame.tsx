/** @jsxRuntime automatic */
import { Body } from '@react-email/body';
import { Button } from '@react-email/button';
import { Column } from '@react-email/column';
import { Container } from '@react-email/container';
import { Head } from '@react-email/head';
import { Heading } from '@react-email/heading';
import { Html } from '@react-email/html';
import { Img } from '@react-email/img';
import { Link } from '@react-email/link';
import { Row } from '@react-email/row';
import { Text } from '@react-email/text';
import type { CSSProperties, ReactNode } from 'react';

// The pieces every template is made of. Only this file imports React Email's components, so how
// an e-mail is laid out for mail clients is decided here and nowhere else.
// Each .tsx file of the server names its JSX runtime in its first line: tsx started outside
// apps/server (from the repo root, as test/operations.test.ts and bench do) finds no tsconfig
// that says "react-jsx", and would compile the JSX to a React.createElement nobody imported.

const GREEN = '#2f6b3a';
const BORDER = '1px solid #d8e0d4';
const MUTED = '#4d5a50';

const paragraph: CSSProperties = { margin: '0 0 14px', fontSize: '16px', lineHeight: '1.5' };

export interface FrameProps {
  /** The subject: the document's title. */
  title: string;
  headline: string;
  /** Why the member gets this e-mail, in the footer. */
  reason: string;
  /** Security and moderation notices have none: no switch turns them off. */
  unsubscribeUrl?: string;
  children: ReactNode;
}

/**
 * The frame every Gardenswap e-mail shares: header, headline, body, sign-off, why-you-get-this,
 * unsubscribe. In the plain-text part the header is left out and the footer follows "--".
 */
export function Frame({ title, headline, reason, unsubscribeUrl, children }: FrameProps) {
  return (
    <Html lang="en">
      <Head>
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{title}</title>
      </Head>
      <Body
        style={{
          margin: 0,
          padding: '16px 8px',
          backgroundColor: '#eef2eb',
          fontFamily: "-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif",
          color: '#1d2b1f',
        }}
      >
        <Container style={{ maxWidth: '600px', backgroundColor: '#ffffff', border: BORDER, borderRadius: '8px' }}>
          <Row data-skip-in-text="true">
            <Column
              style={{
                padding: '16px 20px',
                backgroundColor: '#e8f2e4',
                borderBottom: BORDER,
                borderRadius: '8px 8px 0 0',
                fontSize: '20px',
                fontWeight: 700,
                color: GREEN,
              }}
            >
              Gardenswap
            </Column>
          </Row>
          <Row>
            <Column style={{ padding: '20px 24px', fontSize: '16px', lineHeight: '1.5' }}>
              <Heading as="h1" style={{ margin: '0 0 16px', fontSize: '24px', color: '#1e4a27' }}>
                {headline}
              </Heading>
              {children}
              <Text style={paragraph}>
                Happy gardening,
                <br />
                The Gardenswap team
              </Text>
            </Column>
          </Row>
          <Row data-text="footer">
            <Column
              style={{
                padding: '16px 20px',
                borderTop: BORDER,
                borderRadius: '0 0 8px 8px',
                backgroundColor: '#f7f8f6',
                color: MUTED,
                fontSize: '13px',
                textAlign: 'center',
              }}
            >
              <div style={{ margin: '0 0 6px' }}>{reason}</div>
              {unsubscribeUrl ? (
                <div>
                  <Link href={unsubscribeUrl} style={{ color: GREEN, textDecorationLine: 'underline' }}>
                    Unsubscribe
                  </Link>
                </div>
              ) : null}
            </Column>
          </Row>
        </Container>
      </Body>
    </Html>
  );
}

/**
 * A paragraph of the body; a blank line apart from the next in the plain text. Give each run of
 * text as one string (a template literal): React writes `<!-- -->` between adjacent text pieces.
 */
export function Paragraph({ children }: { children: ReactNode }) {
  return <Text style={paragraph}>{children}</Text>;
}

/** The e-mail's main action, a centred button; "label: url" in the plain text. */
export function Action({ href, children }: { href: string; children: string }) {
  return (
    <Text style={{ ...paragraph, textAlign: 'center' }}>
      <Button
        href={href}
        style={{
          padding: '11px 22px',
          borderRadius: '999px',
          backgroundColor: GREEN,
          color: '#ffffff',
          fontWeight: 700,
          fontSize: '16px',
        }}
      >
        {children}
      </Button>
    </Text>
  );
}

/** A link inside a paragraph; "label: url" in the plain text too. */
export function InlineLink({ href, children }: { href: string; children: string }) {
  return (
    <Link href={href} style={{ color: GREEN, textDecorationLine: 'underline' }}>
      {children}
    </Link>
  );
}

/**
 * A boxed summary (a listing, a member): an optional picture beside its lines. In the plain text
 * its lines are indented, one under the other.
 */
export function Card({ image, children }: { image?: ReactNode; children: ReactNode }) {
  return (
    <Row data-text="card" style={{ margin: '0 0 16px', border: BORDER, borderRadius: '10px' }}>
      {image ? <Column style={{ width: '88px', padding: '12px', verticalAlign: 'top' }}>{image}</Column> : null}
      <Column style={{ padding: image ? '12px 12px 12px 0' : '12px', fontSize: '16px', lineHeight: '1.5' }}>
        {children}
      </Column>
    </Row>
  );
}

/** A card's square picture (a listing's thumbnail), or a plain square when there is none; not in the plain text. */
export function Thumbnail({ src }: { src: string | null }) {
  const square: CSSProperties = { width: '72px', height: '72px', borderRadius: '8px' };
  return src ? (
    <Img src={src} alt="" width="72" height="72" style={{ ...square, objectFit: 'cover' }} />
  ) : (
    <div style={{ ...square, backgroundColor: '#dcebd6' }} />
  );
}

/** One line of a card: its title in bold, a muted detail (what, how much, where), or a plain one. */
export function CardLine({ kind = 'plain', children }: { kind?: 'title' | 'muted' | 'plain'; children: string }) {
  const style: CSSProperties =
    kind === 'title'
      ? { margin: 0, fontWeight: 700 }
      : kind === 'muted'
        ? { margin: 0, color: MUTED, fontSize: '14px' }
        : { margin: '4px 0 0', fontSize: '14px' };
  return <div style={style}>{children}</div>;
}

/** A member's own words, quoted: a bar down the side, "> " before each line in the plain text. */
export function Quote({ children }: { children: string }) {
  return (
    <blockquote
      style={{
        margin: '0 0 16px',
        padding: '12px 16px',
        border: BORDER,
        borderLeft: `4px solid ${GREEN}`,
        borderRadius: '10px',
        whiteSpace: 'pre-line',
      }}
    >
      {children}
    </blockquote>
  );
}
