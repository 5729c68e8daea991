import { EVENT_TEXTS } from '@gardenswap/shared/event-texts';
import type { Event } from '@gardenswap/shared/events';

/** "12 going". */
export const goingLabel = EVENT_TEXTS.goingCount;

/** "Maria is going", "Maria and 2 friends are going": my friends going, the first by name; null when none is. */
export function friendsGoingLine(event: Pick<Event, 'friends_going' | 'friends_going_count'>): string | null {
  const count = event.friends_going_count;
  if (count <= 0) return null;
  const first = event.friends_going[0]?.username;
  if (!first) return count === 1 ? '1 friend is going' : `${count} friends are going`;
  const others = count - 1;
  if (others === 0) return `${first} is going`;
  return `${first} and ${others} ${others === 1 ? 'friend' : 'friends'} are going`;
}

/** Whether no one else can say they are going. */
export const isFull = (event: Pick<Event, 'capacity' | 'going_count'>) =>
  event.capacity !== null && event.going_count >= event.capacity;
