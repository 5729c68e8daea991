/** @jsxRuntime automatic */
import { Action, Card, CardLine, Frame, Paragraph } from '../mail/templates/frame.js';
import { type RenderedMail, renderMail } from '../mail/templates/render-mail.js';

/** What happened to the event the e-mail is about. */
export type EventMailKind = 'changed' | 'cancelled' | 'reminder';

export interface EventMailData {
  kind: EventMailKind;
  /** First name of the member, or their username. */
  recipientName: string;
  /** Whether the recipient hosts it (a reminder only). */
  hosting: boolean;
  hostName: string;
  title: string;
  /** The start as the recipient reads it ("Sat, Dec 12, 10:30 AM MST"). */
  time: string;
  location: string;
  eventUrl: string;
  unsubscribeUrl: string;
}

const SUBJECTS: Record<EventMailKind, (d: EventMailData) => string> = {
  changed: (d) => `“${d.title}” changed: ${d.time}`,
  cancelled: (d) => `“${d.title}” was cancelled`,
  reminder: (d) => `Tomorrow: “${d.title}” at ${d.time}`,
};

const LEADS: Record<EventMailKind, (d: EventMailData) => string> = {
  changed: (d) =>
    `${d.hostName} changed “${d.title}”, which you are going to. This is how it stands now; the calendar file attached updates your calendar.`,
  cancelled: (d) =>
    `${d.hostName} cancelled “${d.title}”, which you were going to on ${d.time}. The calendar file attached takes it out of your calendar.`,
  reminder: (d) =>
    d.hosting ? `You host “${d.title}” tomorrow.` : `“${d.title}”, which you are going to, is tomorrow.`,
};

/** An event the recipient is going to (or hosts) changed, was cancelled, or is tomorrow, in their own time zone. */
export function eventMail(data: EventMailData): Promise<RenderedMail> {
  const subject = SUBJECTS[data.kind](data);
  return renderMail(
    subject,
    <Frame
      title={subject}
      headline={subject}
      reason={
        data.hosting
          ? 'You get this e-mail because you host an event on Gardenswap.'
          : 'You get this e-mail because you said you are going to an event on Gardenswap.'
      }
      unsubscribeUrl={data.unsubscribeUrl}
    >
      <Paragraph>{`Hi ${data.recipientName},`}</Paragraph>
      <Paragraph>{LEADS[data.kind](data)}</Paragraph>
      {data.kind !== 'cancelled' && (
        <Card>
          <CardLine kind="title">{data.time}</CardLine>
          <CardLine>{data.title}</CardLine>
          <CardLine kind="muted">{data.location}</CardLine>
        </Card>
      )}
      <Action href={data.eventUrl}>Open the event</Action>
    </Frame>,
  );
}
