import { z } from 'zod';
import { IdSchema, TimestampSchema } from './common.js';
import { MessageContentSchema } from './messages.js';
import { PickupOfferInputSchema, PickupSchema } from './pickup.js';

/** A pickup note (when and where) on a reservation: up to 280 characters, optional. */
export const PICKUP_NOTE_MAX = 280;
/** A thanks: 1..280 characters, positive only (there is no rating). */
export const THANKS_MAX = 280;
/** How many of a member's latest thanks their seller page shows. */
export const THANKS_SHOWN = 5;

export const TRADE_TEXTS = {
  interestDefault: "Hi! I'd like this.",
  ownListing: 'This is your own listing',
  listingGone: 'This listing has already been handed over',
  cannotTrade: 'You cannot trade with this member',
  notInterested: 'This member has not asked for this listing',
  notReserved: 'This listing is not reserved',
  reserveThroughTrade: 'To reserve this listing, choose a member under "Reserve for …"',
  receiverNotFound: 'No member with that username',
  receiverRequired: 'Choose who received it',
  tradeNotFound: 'Trade not found',
  thanksNotFound: 'Thanks not found',
  alreadyThanked: 'You already thanked for this trade',
  thanksEmpty: 'Write a few words of thanks',
  thanksTooLong: `Thanks can be at most ${THANKS_MAX} characters`,
  pickupNoteTooLong: `The pickup note can be at most ${PICKUP_NOTE_MAX} characters`,
  listingUnavailable: 'This listing is no longer available',
  reserved: 'Reserved',
  reservedForYou: 'Reserved for you',
  gone: 'Gone',
} as const;

/** How a listing changed hands. */
export const TRADE_KINDS = ['given', 'swapped', 'sold'] as const;
export type TradeKind = (typeof TRADE_KINDS)[number];

const MemberSchema = z.object({ id: z.number().int(), username: z.string(), profile_picture: z.string().nullable() });
export type TradeMember = z.infer<typeof MemberSchema>;

/** POST /listings/{id}/interest: the first message's text (a default greeting when absent). */
export const InterestInputSchema = z.object({
  content: MessageContentSchema.optional(),
});
export type InterestInput = z.infer<typeof InterestInputSchema>;

/** The answer to "I'd like this": the owner to chat with, and the card message when one was sent now. */
export const InterestResultSchema = z.object({
  owner_id: z.number().int(),
  /** False when the member had already asked (nothing new was sent). */
  created: z.boolean(),
});

/** One interested member, as the owner sees them. */
export const InterestedMemberSchema = MemberSchema.extend({ created_at: TimestampSchema });
export type InterestedMember = z.infer<typeof InterestedMemberSchema>;

/** POST /listings/{id}/reservation: the member, and optionally a pickup note or pickup times offered to them. */
export const ReserveInputSchema = z.object({
  user_id: IdSchema,
  pickup_note: z.string().trim().max(PICKUP_NOTE_MAX, TRADE_TEXTS.pickupNoteTooLong).optional(),
  pickup: PickupOfferInputSchema.optional(),
});
export type ReserveInput = z.infer<typeof ReserveInputSchema>;

/** POST /listings/{id}/hand-over: to a member by id (one of the interested) or by username. */
export const HandOverInputSchema = z
  .object({
    kind: z.enum(TRADE_KINDS),
    user_id: IdSchema.optional(),
    username: z.string().trim().min(1).max(100).optional(),
  })
  .refine((v) => v.user_id !== undefined || v.username !== undefined, {
    message: TRADE_TEXTS.receiverRequired,
    path: ['user_id'],
  });
export type HandOverInput = z.infer<typeof HandOverInputSchema>;

/** One trade: a listing that changed hands between its owner and a receiver. */
export const TradeSchema = z.object({
  id: z.number().int(),
  listing_id: z.number().int().nullable(),
  /** The listing's title when it was handed over, so the trade reads after the listing is gone. */
  listing_title: z.string(),
  kind: z.enum(TRADE_KINDS),
  owner: MemberSchema,
  receiver: MemberSchema,
  created_at: TimestampSchema,
  /** Whether I already thanked the other member for it. */
  thanked_by_me: z.boolean(),
});
export type Trade = z.infer<typeof TradeSchema>;

/**
 * Where a listing stands for the viewer (GET /listings/{id}/trade): the reservation's member and
 * pickup note only for its owner and that member; the trade only for its two members.
 */
export const ListingTradeStatusSchema = z.object({
  listing_id: z.number().int(),
  state_id: z.number().int(),
  is_owner: z.boolean(),
  interested: z.boolean(),
  reserved_for_me: z.boolean(),
  reserved_for: MemberSchema.nullable(),
  pickup_note: z.string().nullable(),
  /** The pickup being arranged or agreed, only for the owner and the member it is reserved for. */
  pickup: PickupSchema.nullable(),
  trade: TradeSchema.nullable(),
});
export type ListingTradeStatus = z.infer<typeof ListingTradeStatusSchema>;

/** POST /trades/{id}/thanks */
export const ThanksInputSchema = z.object({
  content: z
    .string({ error: TRADE_TEXTS.thanksEmpty })
    .trim()
    .min(1, TRADE_TEXTS.thanksEmpty)
    .max(THANKS_MAX, TRADE_TEXTS.thanksTooLong),
});
export type ThanksInput = z.infer<typeof ThanksInputSchema>;

export const ThanksSchema = z.object({
  id: z.number().int(),
  trade_id: z.number().int(),
  from_user: MemberSchema,
  content: z.string(),
  listing_title: z.string(),
  created_at: TimestampSchema,
});
export type Thanks = z.infer<typeof ThanksSchema>;

/** A member's record on their seller page: "14 trades · 11 thanks" and the latest few. */
export const TradeRecordSchema = z.object({
  trade_count: z.number().int(),
  thanks_count: z.number().int(),
  latest_thanks: z.array(ThanksSchema),
});
export type TradeRecord = z.infer<typeof TradeRecordSchema>;

/** Pushed as `trade_updated` to both members whenever a step of a trade happens on a listing. */
export interface TradeUpdated {
  listing_id: number;
  trade_id?: number;
}

/**
 * GET /trades/reserved-with/{id}: the listings reserved between me and another member (either way),
 * each with its pickup; what their chat shows above the messages.
 */
export const ReservedBetweenSchema = z.object({
  listing: z.object({ id: z.number().int(), title: z.string() }),
  /** Whether I own the listing (else it is kept for me). */
  is_owner: z.boolean(),
  pickup: PickupSchema.nullable(),
});
export type ReservedBetween = z.infer<typeof ReservedBetweenSchema>;
