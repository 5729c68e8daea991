import { SESSION_SEEN_EVERY_MS } from '@gardenswap/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Executor } from '../../db/schema.js';
import { touchSessions } from './sessions.queries.js';

/**
 * When each session was last used, for the member's list of sessions. A request never waits for
 * it and never writes: a session is marked at most once a minute (`everyMs`), and the marks are
 * written together every few seconds (`flushMs`) in one statement.
 */
export class SessionActivity {
  /** jti → when its last_seen_at was last written (by us) or read (from the database). */
  private readonly known = new Map<string, number>();
  private pending = new Set<string>();
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly db: Executor,
    private readonly log: FastifyBaseLogger,
    private readonly everyMs = SESSION_SEEN_EVERY_MS,
    flushMs = 5000,
  ) {
    this.timer = setInterval(() => void this.flush(), flushMs);
    this.timer.unref();
  }

  /** The session was used now; `lastSeenAt` is what the database holds, when it was just read. */
  seen(jti: string, lastSeenAt?: number) {
    const now = Date.now();
    const last = Math.max(this.known.get(jti) ?? 0, lastSeenAt ?? 0);
    if (now - last < this.everyMs) {
      if (!this.known.has(jti)) this.known.set(jti, last);
      return;
    }
    this.known.set(jti, now);
    this.pending.add(jti);
  }

  /** Writes the marks gathered since the last time; a failure only costs those marks. */
  async flush() {
    const now = Date.now();
    for (const [jti, at] of this.known) if (now - at >= this.everyMs) this.known.delete(jti);
    if (!this.pending.size) return;
    const jtis = [...this.pending];
    this.pending = new Set();
    try {
      for (let i = 0; i < jtis.length; i += 500) await touchSessions(this.db, jtis.slice(i, i + 500), new Date(now));
    } catch (error) {
      this.log.warn({ err: error, sessions: jtis.length }, 'could not record when sessions were last seen');
    }
  }

  /** Stops the timer; the caller flushes first while the database is still there. */
  stop() {
    clearInterval(this.timer);
  }
}
