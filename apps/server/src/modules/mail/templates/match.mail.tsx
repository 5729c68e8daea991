/** @jsxRuntime automatic */
import { CATEGORIES, LISTING_TYPES, NOTIFICATION_TEXTS } from '@gardenswap/shared';
import { unsubscribePageUrl } from '../unsubscribe.js';
import { Action, Card, CardLine, Frame, Paragraph, Thumbnail } from './frame.js';
import { type RenderedMail, renderMail } from './render-mail.js';

export interface MatchMailData {
  /** First name of the member, or their username. */
  recipientName: string;
  wantTitle: string;
  listing: {
    title: string;
    categoryId: number;
    typeId: number;
    price: number;
    url: string;
    /** Absolute URL of the thumbnail, when the listing has a photo. */
    imageUrl: string | null;
  };
  owner: { username: string; place: string | null };
  unsubscribeUrl: string;
}

const nameOf = <T extends Record<string, number>>(values: T, id: number) =>
  Object.entries(values).find(([, v]) => v === id)?.[0] ?? '';

function priceWords(typeId: number, price: number) {
  return typeId === LISTING_TYPES.sell ? `$${price}` : nameOf(LISTING_TYPES, typeId);
}

/** "You got a match": a listing the member can see matches an item on their wish list. */
export function matchMail(data: MatchMailData): Promise<RenderedMail> {
  const { listing, owner } = data;
  const subject = `${NOTIFICATION_TEXTS.matchSubject}: ${listing.title}`;
  const meta = `${nameOf(CATEGORIES, listing.categoryId)} · ${priceWords(listing.typeId, listing.price)}`;
  return renderMail(
    subject,
    <Frame
      title={subject}
      headline={NOTIFICATION_TEXTS.matchSubject}
      reason="You get this e-mail because a listing matched an item on your Gardenswap wish list."
      unsubscribeUrl={data.unsubscribeUrl}
    >
      <Paragraph>{`Hi ${data.recipientName},`}</Paragraph>
      <Paragraph>
        {'Good news: a gardener has something on your wish list. You want '}
        <strong>{data.wantTitle}</strong>
        {', and this listing matches it.'}
      </Paragraph>
      <Card image={<Thumbnail src={listing.imageUrl} />}>
        <CardLine kind="title">{listing.title}</CardLine>
        <CardLine kind="muted">{meta}</CardLine>
        <CardLine>{owner.place ? `${owner.username} · ${owner.place}` : owner.username}</CardLine>
      </Card>
      <Action href={listing.url}>See the listing</Action>
      <Paragraph>{`Send ${owner.username} a message from the listing to arrange a swap.`}</Paragraph>
    </Frame>,
  );
}

/** The e-mail filled in with sample data, for no one: its preview. */
export const matchMailSample = (origin: string) =>
  matchMail({
    recipientName: 'Alex',
    wantTitle: 'tomato',
    listing: {
      title: 'Cherry tomatoes',
      categoryId: CATEGORIES.produce,
      typeId: LISTING_TYPES.exchange,
      price: 0,
      url: `${origin}/listings/1`,
      imageUrl: null,
    },
    owner: { username: 'rosa_grows', place: 'Salt Lake City, UT' },
    unsubscribeUrl: unsubscribePageUrl(origin, 'sample'),
  });
