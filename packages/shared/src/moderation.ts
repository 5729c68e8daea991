import { z } from 'zod';
import { IdSchema, TimestampSchema } from './common.js';
import { PHOTO_PATH_DESCRIPTION } from './listings.js';
import { REPORT_TARGET_TYPES } from './safety.js';

/** What a moderator can do with the open reports of one target. */
export const MODERATION_ACTIONS = ['dismiss', 'hide_listing', 'hide_event', 'warn', 'suspend'] as const;
export type ModerationAction = (typeof MODERATION_ACTIONS)[number];

/** What a moderator can take back: a suspension before its end, a listing or an event a moderator hid. */
export const MODERATION_REVERSALS = ['lift_suspension', 'unhide_listing', 'unhide_event'] as const;
/** Every action the audit log records. */
export const MODERATION_LOG_ACTIONS = [...MODERATION_ACTIONS, ...MODERATION_REVERSALS] as const;
export type ModerationLogAction = (typeof MODERATION_LOG_ACTIONS)[number];

export const MODERATION_NOTE_MIN = 3;
export const MODERATION_NOTE_MAX = 1000;
/** The longest suspension with an end; longer ones are "for good". */
export const SUSPENSION_DAYS_MAX = 3650;
/** How many open reports (suspended members, hidden listings) and log entries the moderation screen loads at once. */
export const MODERATION_REPORTS_LIMIT = 200;
export const MODERATION_LOG_LIMIT = 100;
/** How many messages either side of a reported one the moderator sees. */
export const MESSAGE_CONTEXT_AROUND = 3;

/** Texts of moderation, shared by the server's answers and the moderation screen. */
export const MODERATION_TEXTS = {
  notModerator: 'Only moderators can do this',
  notSelf: 'You cannot moderate yourself',
  noOpenReports: 'These reports were already handled by another moderator',
  targetGone: 'This no longer exists',
  noteShort: 'Please give a reason (at least 3 characters)',
  noteLong: 'Reason must be at most 1000 characters long',
  daysInvalid: `Days must be a whole number from 1 to ${SUSPENSION_DAYS_MAX}`,
  onlyListings: 'Only a listing can be hidden',
  onlyEvents: 'Only an event can be hidden this way',
  hiddenNotice: 'Hidden by a moderator',
  suspendedForGood: 'Your account is suspended.',
  title: 'Moderation',
  empty: 'No open reports. Nice and quiet.',
  logTitle: 'Audit log',
  logEmpty: 'No moderation actions yet.',
  resolvesAll: 'Every open report about it is closed, and the reporters are told the outcome.',
  aboutYou: 'These reports are about you: another moderator must handle them.',
  notSuspended: 'This member is not suspended',
  notHidden: 'This listing is not hidden',
  suspendedTitle: 'Suspended members',
  suspendedEmpty: 'No member is suspended.',
  hiddenTitle: 'Hidden listings',
  hiddenEmpty: 'No listing is hidden by a moderator.',
  eventNotHidden: 'This event is not hidden',
  hiddenEventsTitle: 'Hidden events',
  hiddenEventsEmpty: 'No event is hidden by a moderator.',
  aboutYouItem: 'This is about you: another moderator must handle it.',
} as const;

/** The 403 a suspended member's sign-in answers, saying until when. */
export function suspendedText(until: string | null): string {
  if (!until) return MODERATION_TEXTS.suspendedForGood;
  const when = new Date(until).toISOString().slice(0, 16).replace('T', ' ');
  return `Your account is suspended until ${when} UTC.`;
}

/** A member as a moderator sees them. */
export const ModerationMemberSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  profile_picture: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  friend_count: z.number().int(),
  created_at: TimestampSchema,
  is_moderator: z.boolean(),
  /** Set while suspended: until when, or null for good (with `suspended` true). */
  suspended: z.boolean(),
  suspended_until: TimestampSchema.nullable(),
});
export type ModerationMember = z.infer<typeof ModerationMemberSchema>;

const ModerationMessageSchema = z.object({
  id: z.number().int(),
  sender_id: z.number().int(),
  sender_username: z.string(),
  content: z.string(),
  created_at: TimestampSchema,
});
export type ModerationMessage = z.infer<typeof ModerationMessageSchema>;

/** A listing as a moderator sees it, its photo signed for them. */
export const ModerationListingSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  thumbnail: z.string().nullable().describe(PHOTO_PATH_DESCRIPTION),
  is_public: z.boolean(),
  is_active: z.boolean(),
  hidden_reason: z.string().nullable(),
  created_at: TimestampSchema,
});
export type ModerationListing = z.infer<typeof ModerationListingSchema>;

/** An event as a moderator sees it, its photo signed for them. */
export const ModerationEventSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  thumbnail: z.string().nullable().describe(PHOTO_PATH_DESCRIPTION),
  starts_at: TimestampSchema,
  place_name: z.string(),
  address: z.string().nullable(),
  zip_code: z.string(),
  cancelled_at: TimestampSchema.nullable(),
  hidden_reason: z.string().nullable(),
  created_at: TimestampSchema,
});
export type ModerationEvent = z.infer<typeof ModerationEventSchema>;

/** The reported thing in its context; null once it no longer exists (then only dismissing is left). */
export const ModerationTargetSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('listing'),
    listing: ModerationListingSchema,
    member: ModerationMemberSchema,
  }),
  z.object({
    type: z.literal('message'),
    message: ModerationMessageSchema,
    /** The messages around it in that conversation, oldest first, the reported one included. */
    context: z.array(ModerationMessageSchema),
    /** The sender, who is answerable for it. */
    member: ModerationMemberSchema,
    receiver: z.object({ id: z.number().int(), username: z.string() }),
  }),
  z.object({ type: z.literal('user'), member: ModerationMemberSchema }),
  z.object({ type: z.literal('event'), event: ModerationEventSchema, member: ModerationMemberSchema }),
]);
export type ModerationTarget = z.infer<typeof ModerationTargetSchema>;

/** The open reports of one target, newest first, with the target in context. */
export const ReportGroupSchema = z.object({
  target_type: z.enum(REPORT_TARGET_TYPES),
  target_id: z.number().int(),
  latest_at: TimestampSchema,
  target: ModerationTargetSchema.nullable(),
  reports: z.array(
    z.object({
      id: z.number().int(),
      reason: z.string(),
      created_at: TimestampSchema,
      reporter: z.object({ id: z.number().int(), username: z.string() }),
    }),
  ),
});
export type ReportGroup = z.infer<typeof ReportGroupSchema>;

/** GET /moderation/reports */
export const ReportGroupsSchema = z.array(ReportGroupSchema);

/** A member named in the audit log; one who deleted their account has no id and reads "Deleted member". */
const LoggedMemberSchema = z.object({ id: z.number().int().nullable(), username: z.string() });

/** One entry of the audit log. */
export const ModerationLogEntrySchema = z.object({
  id: z.number().int(),
  action: z.enum(MODERATION_LOG_ACTIONS),
  moderator: LoggedMemberSchema,
  target_type: z.enum(REPORT_TARGET_TYPES),
  target_id: z.number().int(),
  target_label: z.string(),
  /** The member the action concerned; null when the target was gone when it was acted on. */
  member: LoggedMemberSchema.nullable(),
  note: z.string().nullable(),
  suspended_until: TimestampSchema.nullable(),
  reports_resolved: z.number().int(),
  created_at: TimestampSchema,
});
export type ModerationLogEntry = z.infer<typeof ModerationLogEntrySchema>;

/** GET /moderation/log */
export const ModerationLogSchema = z.array(ModerationLogEntrySchema);

const noteSchema = z
  .string({ error: MODERATION_TEXTS.noteShort })
  .trim()
  .min(MODERATION_NOTE_MIN, MODERATION_TEXTS.noteShort)
  .max(MODERATION_NOTE_MAX, MODERATION_TEXTS.noteLong);

const target = {
  target_type: z.enum(REPORT_TARGET_TYPES, { error: 'Choose what the action is about' }),
  target_id: IdSchema,
};

/**
 * POST /moderation/actions: what to do with one target's open reports. Hiding, warning and
 * suspending need a reason (the member is told it); a suspension lasts `days`, or for good when null.
 */
export const ModerationActionInputSchema = z.discriminatedUnion(
  'action',
  [
    z.object({ action: z.literal('dismiss'), ...target, note: noteSchema.optional() }),
    z.object({ action: z.literal('hide_listing'), ...target, note: noteSchema }),
    z.object({ action: z.literal('hide_event'), ...target, note: noteSchema }),
    z.object({ action: z.literal('warn'), ...target, note: noteSchema }),
    z.object({
      action: z.literal('suspend'),
      ...target,
      note: noteSchema,
      days: z
        .number({ error: MODERATION_TEXTS.daysInvalid })
        .int(MODERATION_TEXTS.daysInvalid)
        .min(1, MODERATION_TEXTS.daysInvalid)
        .max(SUSPENSION_DAYS_MAX, MODERATION_TEXTS.daysInvalid)
        .nullable(),
    }),
  ],
  { error: 'Choose an action' },
);
export type ModerationActionInput = z.infer<typeof ModerationActionInputSchema>;

/** A member whose suspension is in force: since when, and the reason of the moderator who suspended them. */
export const SuspendedMemberSchema = z.object({
  member: ModerationMemberSchema,
  suspended_at: TimestampSchema,
  reason: z.string().nullable(),
});
export type SuspendedMember = z.infer<typeof SuspendedMemberSchema>;

/** GET /moderation/suspended-members, the newest suspension first. */
export const SuspendedMembersSchema = z.array(SuspendedMemberSchema);

/** A listing a moderator hid (its reason in `hidden_reason`), with its owner. */
export const HiddenListingSchema = z.object({ listing: ModerationListingSchema, member: ModerationMemberSchema });
export type HiddenListing = z.infer<typeof HiddenListingSchema>;

/** GET /moderation/hidden-listings, the newest listing first. */
export const HiddenListingsSchema = z.array(HiddenListingSchema);

/** An event a moderator hid (its reason in `hidden_reason`), with its host. */
export const HiddenEventSchema = z.object({ event: ModerationEventSchema, member: ModerationMemberSchema });
export type HiddenEvent = z.infer<typeof HiddenEventSchema>;

/** GET /moderation/hidden-events, the newest event first. */
export const HiddenEventsSchema = z.array(HiddenEventSchema);

/**
 * POST /moderation/suspended-members/{id}/lift, /moderation/hidden-listings/{id}/unhide and
 * /moderation/hidden-events/{id}/unhide: the
 * reason, which the member is told and the audit log keeps.
 */
export const ModerationReversalInputSchema = z.object({ note: noteSchema });
export type ModerationReversalInput = z.infer<typeof ModerationReversalInputSchema>;
