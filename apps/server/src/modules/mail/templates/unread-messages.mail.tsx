/** @jsxRuntime automatic */
import { unsubscribePageUrl } from '../unsubscribe.js';
import { Action, Frame, Paragraph, Quote } from './frame.js';
import { type RenderedMail, renderMail } from './render-mail.js';

export interface UnreadMessagesMailData {
  /** First name of the member, or their username. */
  recipientName: string;
  /** What the sender is called in the e-mail: first name, else username. */
  fromName: string;
  fromUsername: string;
  /** Their messages the recipient has not read. */
  count: number;
  /** The newest of them. */
  latestText: string;
  chatUrl: string;
  unsubscribeUrl: string;
}

/** The longest stretch of the latest message quoted in the e-mail; the chat has the rest. */
const QUOTE_MAX = 500;

/** "Maria sent you 3 messages": messages waited unread while the member was away from the app. */
export function unreadMessagesMail(data: UnreadMessagesMailData): Promise<RenderedMail> {
  const { fromName, count } = data;
  const subject = count === 1 ? `${fromName} sent you a message` : `${fromName} sent you ${count} messages`;
  return renderMail(
    subject,
    <Frame
      title={subject}
      headline={subject}
      reason="You get this e-mail because a member sent you messages on Gardenswap while you were away. We send at most one an hour for each conversation."
      unsubscribeUrl={data.unsubscribeUrl}
    >
      <Paragraph>{`Hi ${data.recipientName},`}</Paragraph>
      <Paragraph>
        {count === 1
          ? `${fromName} (@${data.fromUsername}) sent you a message on Gardenswap:`
          : `${fromName} (@${data.fromUsername}) sent you ${count} messages on Gardenswap. The latest:`}
      </Paragraph>
      <Quote>
        {data.latestText.length > QUOTE_MAX ? `${data.latestText.slice(0, QUOTE_MAX - 1)}…` : data.latestText}
      </Quote>
      <Action href={data.chatUrl}>{`Reply to ${fromName}`}</Action>
    </Frame>,
  );
}

/** The e-mail filled in with sample data, for no one: its preview. */
export const unreadMessagesMailSample = (origin: string) =>
  unreadMessagesMail({
    recipientName: 'Alex',
    fromName: 'Rosa',
    fromUsername: 'rosa_grows',
    count: 3,
    latestText: 'I can bring the seedlings over on Saturday morning, does that work?',
    chatUrl: `${origin}/messages/1`,
    unsubscribeUrl: unsubscribePageUrl(origin, 'sample'),
  });
