import type { User } from '@gardenswap/shared/auth';
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

/** The signed-in member's own profile as the API answers it: Maria, confirmed, every e-mail on. */
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
    email_notifications: { matches: true, friend_requests: true, messages: true, trades: true },
    email_confirmed: true,
    pending_email: null,
    is_moderator: false,
    time_zone: null,
    ...overrides,
  };
}
