import type { Redis } from 'ioredis';

/** How many broadcasts, and how old, are kept for instances that missed them while Redis was away. */
export const MISSED_BROADCASTS = {
  maxCount: 2_000,
  maxAgeMs: 5 * 60_000,
  /** After Redis is back: the other instances reconnect at most 2 s apart and subscribe again. */
  settleMs: 3_000,
};

interface Missed {
  channel: string | Buffer;
  message: string | Buffer;
  at: number;
}

/**
 * Keeps each broadcast whose publish failed while Redis was away and publishes it again once
 * Redis is back, so a member on another instance gets the chat message late rather than never.
 * The adapter tags each message with the instance that sent it, so this instance's own sockets,
 * which had it at once, do not get it twice; clients keep messages by id.
 */
export function missedBroadcasts(pub: Redis, settings = MISSED_BROADCASTS) {
  const missed: Missed[] = [];
  let replay: NodeJS.Timeout | undefined;
  const publish = pub.publish.bind(pub) as (channel: string | Buffer, message: string | Buffer) => Promise<number>;

  return {
    /** A publish that failed: kept for later, the oldest dropped past the bound. */
    keep(channel: string | Buffer, message: string | Buffer) {
      missed.push({ channel, message, at: Date.now() });
      if (missed.length > settings.maxCount) missed.shift();
    },
    get count() {
      return missed.length;
    },
    /** Redis is back: publish what was missed, in order, once the others have subscribed again. */
    resend(onFailure: (channel: string | Buffer, message: string | Buffer) => void) {
      clearTimeout(replay);
      replay = setTimeout(() => {
        const oldest = Date.now() - settings.maxAgeMs;
        for (const { channel, message, at } of missed.splice(0))
          if (at >= oldest) publish(channel, message).catch(() => onFailure(channel, message));
      }, settings.settleMs);
      replay.unref();
    },
    stop() {
      clearTimeout(replay);
    },
  };
}
