import type { MailAttachment } from './mailer.js';

/** A calendar entry (RFC 5545) as an e-mail carries it: a calendar client adds it, or takes it out when cancelled. */
export const calendarAttachment = (filename: string, ics: string, cancelled: boolean): MailAttachment => ({
  filename,
  contentType: `text/calendar; charset=utf-8; method=${cancelled ? 'CANCEL' : 'PUBLISH'}`,
  content: ics,
});
