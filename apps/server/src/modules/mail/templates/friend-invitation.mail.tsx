/** @jsxRuntime automatic */
import { unsubscribePageUrl } from '../unsubscribe.js';
import { Action, Card, CardLine, Frame, Paragraph } from './frame.js';
import { type RenderedMail, renderMail } from './render-mail.js';

export interface FriendInvitationMailData {
  /** Undefined when the invitation goes to an address that is not a member yet. */
  recipientName?: string;
  /** What the inviting member is called in the e-mail: first name, else username. */
  fromName: string;
  fromUsername: string;
  place: string | null;
  friendCount: number;
  profileUrl: string;
  /** A friend request (the recipient is a member) or an invitation to join. */
  kind: 'request' | 'invitation';
  unsubscribeUrl: string;
}

/** The friend invitation: a member's friend request, or their invitation sent to an e-mail address. */
export function friendInvitationMail(data: FriendInvitationMailData): Promise<RenderedMail> {
  const { fromName } = data;
  const isRequest = data.kind === 'request';
  const subject = isRequest ? `${fromName} wants to be friends on Gardenswap` : `${fromName} invited you to Gardenswap`;
  const friends = `${data.friendCount} ${data.friendCount === 1 ? 'friend' : 'friends'}`;
  return renderMail(
    subject,
    <Frame
      title={subject}
      headline={`${fromName} invited you to be friends`}
      reason={
        isRequest
          ? 'You get this e-mail because a member sent you a friend request on Gardenswap.'
          : `You get this e-mail because ${fromName} (@${data.fromUsername}) entered your address on Gardenswap.`
      }
      unsubscribeUrl={data.unsubscribeUrl}
    >
      <Paragraph>{data.recipientName ? `Hi ${data.recipientName},` : 'Hi,'}</Paragraph>
      <Paragraph>
        {isRequest
          ? `${fromName} sent you a friend request on Gardenswap. Friends see each other's friends-only listings, so you can swap produce, seeds and plants with the gardeners you know.`
          : `${fromName} would like to swap produce, seeds and plants with you on Gardenswap, the free marketplace for home gardeners. Sign up and send a friend request from their profile.`}
      </Paragraph>
      <Card>
        <CardLine kind="title">{`@${data.fromUsername}`}</CardLine>
        <CardLine kind="muted">{data.place ? `${data.place} · ${friends}` : friends}</CardLine>
      </Card>
      <Action href={data.profileUrl}>{`See ${fromName}'s profile`}</Action>
    </Frame>,
  );
}

/** The e-mail filled in with sample data, for no one: its preview. */
export const friendInvitationMailSample = (origin: string) =>
  friendInvitationMail({
    recipientName: 'Alex',
    fromName: 'Rosa',
    fromUsername: 'rosa_grows',
    place: 'Salt Lake City, UT',
    friendCount: 12,
    profileUrl: `${origin}/seller/1`,
    kind: 'request',
    unsubscribeUrl: unsubscribePageUrl(origin, 'sample'),
  });
