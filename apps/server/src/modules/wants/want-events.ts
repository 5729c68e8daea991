// The events a want list's writes emit (plugins/events.ts), after they commit.

/** An item of a want list as it was before a change: who could have seen a swap through it end. */
export interface WantBefore {
  id: number;
  title: string;
  category_id: number;
}

declare module '../../plugins/events.js' {
  interface DomainEvents {
    'want.created': { userId: number; wantId: number };
    'want.changed': { userId: number; wantId: number; before: WantBefore };
    'want.removed': { userId: number; before: WantBefore };
  }
}

export {};
