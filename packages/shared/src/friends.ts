import { z } from 'zod';
import { FlagSchema, IdSchema, TimestampSchema } from './common.js';

/** POST /auth/friends/request */
export const FriendRequestInputSchema = z.object({ friend_id: IdSchema });
/** POST /auth/friends/respond: only the addressee of a pending request may answer it. */
export const FriendRespondInputSchema = z.object({ request_id: IdSchema, accept: FlagSchema });
/** GET /auth/friends/requests: requests sent to me (default) or the ones I sent. */
export const FriendRequestsQuerySchema = z.object({
  direction: z.enum(['incoming', 'outgoing']).default('incoming'),
});
export type FriendRequestDirection = z.infer<typeof FriendRequestsQuerySchema>['direction'];

/** DELETE /auth/friends/{userId}, GET /auth/friends/status/{userId}: the other member. */
export const FriendUserParamsSchema = z.object({ userId: IdSchema });

/** Said when a request kept crossing the other member's changes; trying again settles it. */
export const FRIEND_REQUEST_CONFLICT = 'Your friend request crossed another change. Please try again.';

export const FRIEND_STATUSES = ['none', 'pending', 'accepted'] as const;
export type FriendStatusValue = (typeof FRIEND_STATUSES)[number];

/** Where I stand with another member; direction and request_id only while pending. */
export const FriendStatusSchema = z.object({
  status: z.enum(FRIEND_STATUSES),
  direction: z.enum(['outgoing', 'incoming']).optional(),
  request_id: z.number().int().optional(),
});
export type FriendStatus = z.infer<typeof FriendStatusSchema>;

export const FriendSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  profile_picture: z.string().nullable(),
});
export type Friend = z.infer<typeof FriendSchema>;

/** A pending request; `user_id` is the other member (the requester for incoming ones). */
export const FriendRequestSchema = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  username: z.string(),
  profile_picture: z.string().nullable(),
  created_at: TimestampSchema,
});
export type FriendRequest = z.infer<typeof FriendRequestSchema>;
