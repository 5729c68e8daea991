/** @jsxRuntime automatic */
import { DIGEST_TEXTS } from '@gardenswap/shared';
import { Action, Card, CardLine, Frame, InlineLink, Paragraph, Thumbnail } from '../mail/templates/frame.js';
import { type RenderedMail, renderMail } from '../mail/templates/render-mail.js';

/** A listing as the digest shows it: its title, what it costs, its photo and its page. */
export interface DigestItem {
  title: string;
  /** "Free", "Swap", "$4". */
  terms: string;
  imageUrl: string | null;
  url: string;
}

/** An upcoming event as the digest shows it. */
export interface DigestEvent {
  title: string;
  /** "Sat, Dec 12, 10:00 AM MST · Library garden". */
  when: string;
  imageUrl: string | null;
  url: string;
}

export interface DigestMailData {
  /** First name of the member, or their username. */
  recipientName: string;
  /** Seed swaps near them starting soon. */
  events: DigestEvent[];
  /** New listings near them, all categories. */
  total: number;
  /** New listings matching their wish list, first. */
  matches: DigestItem[];
  categories: { name: string; items: DigestItem[]; more: number }[];
  browseUrl: string;
  settingsUrl: string;
  unsubscribeUrl: string;
}

function Item({ item }: { item: DigestItem }) {
  return (
    <Card image={<Thumbnail src={item.imageUrl} />}>
      <CardLine kind="title">{item.title}</CardLine>
      <CardLine kind="muted">{item.terms}</CardLine>
      <InlineLink href={item.url}>See the listing</InlineLink>
    </Card>
  );
}

/** The weekly "new near you": the member's wish-list matches first, then each category's newest. */
export function digestMail(data: DigestMailData): Promise<RenderedMail> {
  const subject = data.total > 0 ? DIGEST_TEXTS.subject(data.total) : DIGEST_TEXTS.eventsSubject;
  return renderMail(
    subject,
    <Frame
      title={subject}
      headline={DIGEST_TEXTS.headline}
      reason="You get this e-mail once a week because you asked for the new listings near you. Weeks with nothing new send nothing."
      unsubscribeUrl={data.unsubscribeUrl}
    >
      <Paragraph>{`Hi ${data.recipientName}, here is what gardeners near you listed this week.`}</Paragraph>
      {data.matches.length > 0 && (
        <>
          <Paragraph>
            <strong>{DIGEST_TEXTS.matches}</strong>
          </Paragraph>
          {data.matches.map((item) => (
            <Item key={item.url} item={item} />
          ))}
        </>
      )}
      {data.categories
        .filter((category) => category.items.length || category.more)
        .map((category) => (
          <div key={category.name}>
            <Paragraph>
              <strong>{category.name}</strong>
            </Paragraph>
            {category.items.map((item) => (
              <Item key={item.url} item={item} />
            ))}
            {category.more > 0 && <Paragraph>{DIGEST_TEXTS.more(category.more)}</Paragraph>}
          </div>
        ))}
      {data.events.length > 0 && (
        <>
          <Paragraph>
            <strong>{DIGEST_TEXTS.events}</strong>
          </Paragraph>
          {data.events.map((event) => (
            <Card key={event.url} image={<Thumbnail src={event.imageUrl} />}>
              <CardLine kind="title">{event.title}</CardLine>
              <CardLine kind="muted">{event.when}</CardLine>
              <InlineLink href={event.url}>See the event</InlineLink>
            </Card>
          ))}
        </>
      )}
      <Action href={data.browseUrl}>{DIGEST_TEXTS.browse}</Action>
      <Paragraph>
        {'Change how often we write on '}
        <InlineLink href={data.settingsUrl}>your profile</InlineLink>.
      </Paragraph>
    </Frame>,
  );
}
