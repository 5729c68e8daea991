import type { User } from '@gardenswap/shared/auth';
import type { Event } from '@gardenswap/shared/events';
import type { Listing } from '@gardenswap/shared/listings';
import { NO_SEED_LOT } from '@gardenswap/shared/seed-lots';

let nextId = 100;

/** A listing as the API answers it; the owner is someone else unless told. */
export function buildListing(overrides: Partial<Listing> = {}): Listing {
  const id = overrides.id ?? nextId++;
  const ownerId = overrides.owner_id ?? 7;
  return {
    id,
    title: `Heirloom tomatoes ${id}`,
    description: 'Sweet and ripe.',
    price: 4,
    featured_image: null,
    thumbnail: null,
    is_active: true,
    is_public: true,
    type_id: 1,
    state_id: 1,
    category_id: 1,
    ...NO_SEED_LOT,
    owner_id: ownerId,
    owner: {
      id: ownerId,
      username: 'maria_g',
      profile_picture: null,
      city: 'Salt Lake City',
      state: 'UT',
      zip_code: '84101',
    },
    distance_miles: null,
    hidden_reason: null,
    renewed_at: null,
    paused_reason: null,
    created_at: '2024-05-01T10:00:00.000Z',
    updated_at: '2024-05-01T10:00:00.000Z',
    ...overrides,
  };
}

/**
 * The signed-in member's own profile as the API answers it: Maria, confirmed, every e-mail on but
 * the weekly "new near you" (she joined before it, and members from before start with it off).
 */
export function buildUser(overrides: Partial<User> = {}): User {
  return {
    id: 1,
    username: 'maria',
    email: 'maria@demo.gardenswap.example',
    first_name: 'Maria',
    last_name: 'Lopez',
    friend_count: 4,
    profile_picture: 'uploads/avatars/maria.webp',
    city: 'Salt Lake City',
    state: 'UT',
    zip_code: '84101',
    email_notifications: { matches: true, friend_requests: true, messages: true, trades: true, digest: false },
    email_confirmed: true,
    pending_email: null,
    is_moderator: false,
    time_zone: null,
    ...overrides,
  };
}

/** An instant `days` from now at a local hour, as an ISO string. */
export function daysFromNow(days: number, hour = 10) {
  const d = new Date();
  d.setDate(d.getDate() + days);
  d.setHours(hour, 0, 0, 0);
  return d.toISOString();
}

/** An upcoming seed swap as the API answers it, hosted by someone else unless told: three days from now, 10 to 2. */
export function buildEvent(overrides: Partial<Event> = {}): Event {
  const id = overrides.id ?? nextId++;
  return {
    id,
    title: `Spring seed swap ${id}`,
    description: 'Bring seeds to share.',
    photo: null,
    thumbnail: null,
    starts_at: daysFromNow(3, 10),
    ends_at: daysFromNow(3, 14),
    place_name: 'Liberty Park pavilion',
    address: '600 E 900 S',
    zip_code: '84105',
    spot: { latitude: 40.74, longitude: -111.87 },
    distance_miles: 2.4,
    capacity: null,
    going_count: 12,
    going_by_me: false,
    friends_going: [],
    friends_going_count: 0,
    owner: { id: 7, username: 'rosa_host', profile_picture: null },
    is_owner: false,
    cancelled_at: null,
    hidden_reason: null,
    created_at: '2026-01-10T10:00:00.000Z',
    updated_at: '2026-01-10T10:00:00.000Z',
    ...overrides,
  };
}
