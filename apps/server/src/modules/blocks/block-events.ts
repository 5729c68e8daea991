// The events of blocking (plugins/events.ts), after they commit.

declare module '../../plugins/events.js' {
  interface DomainEvents {
    /** `blockerId` blocked `blockedId`, or unblocked them: what each may see of the other changed. */
    'block.changed': { blockerId: number; blockedId: number; blocked: boolean };
  }
}

export {};
