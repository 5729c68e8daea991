/** @jsxRuntime automatic */
import { Action, Card, CardLine, Frame, Paragraph } from './frame.js';
import { type RenderedMail, renderMail } from './render-mail.js';

/** What happened to the pickup the e-mail is about. */
export type PickupMailKind = 'agreed' | 'moved' | 'cancelled' | 'reminder';

export interface PickupMailData {
  kind: PickupMailKind;
  /** First name of the member, or their username. */
  recipientName: string;
  /** The other member's username. */
  withName: string;
  listingTitle: string;
  /** The time as the recipient reads it ("Sat, Dec 12, 10:30 AM MST"); for a move, the time it had. */
  time: string;
  place: string | null;
  listingUrl: string;
  unsubscribeUrl: string;
}

const SUBJECTS: Record<PickupMailKind, (d: PickupMailData) => string> = {
  agreed: (d) => `Pickup with ${d.withName}: ${d.time}`,
  moved: (d) => `${d.withName} moved your pickup`,
  cancelled: (d) => `${d.withName} cancelled your pickup`,
  reminder: (d) => `Reminder: pickup with ${d.withName} at ${d.time}`,
};

const LEADS: Record<PickupMailKind, (d: PickupMailData) => string> = {
  agreed: (d) =>
    `You and ${d.withName} agreed on a time to hand over “${d.listingTitle}”. The calendar file attached adds it to your calendar.`,
  moved: (d) =>
    `${d.withName} can no longer make ${d.time} for “${d.listingTitle}” and offered other times. Pick one that suits you.`,
  cancelled: (d) =>
    `${d.withName} cancelled the pickup of “${d.listingTitle}” at ${d.time}. The calendar file attached takes it out of your calendar.`,
  reminder: (d) => `Your pickup of “${d.listingTitle}” with ${d.withName} is coming up.`,
};

/** A pickup time agreed, moved, cancelled, or coming up, in the recipient's own time zone. */
export function pickupMail(data: PickupMailData): Promise<RenderedMail> {
  const subject = SUBJECTS[data.kind](data);
  const shown = data.kind === 'agreed' || data.kind === 'reminder';
  return renderMail(
    subject,
    <Frame
      title={subject}
      headline={subject}
      reason="You get this e-mail because you arranged a pickup on Gardenswap."
      unsubscribeUrl={data.unsubscribeUrl}
    >
      <Paragraph>{`Hi ${data.recipientName},`}</Paragraph>
      <Paragraph>{LEADS[data.kind](data)}</Paragraph>
      {shown && (
        <Card>
          <CardLine kind="title">{data.time}</CardLine>
          <CardLine>{data.listingTitle}</CardLine>
          {data.place ? <CardLine kind="muted">{data.place}</CardLine> : null}
        </Card>
      )}
      <Action href={data.listingUrl}>{data.kind === 'moved' ? 'Pick a new time' : 'Open the listing'}</Action>
    </Frame>,
  );
}
