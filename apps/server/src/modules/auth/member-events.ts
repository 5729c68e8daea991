// The events of what others see of a member (plugins/events.ts), after they commit.

declare module '../../plugins/events.js' {
  interface DomainEvents {
    /** What others see of a member changed: their place or picture, or a suspension began or ended. */
    'member.changed': { memberId: number };
    /** A member's account was deleted, and their listings with it. */
    'member.removed': { memberId: number };
  }
}

export {};
