import { ApiError } from '../api-client';
import { readAuth } from '../auth-storage';
import { isOnline, reportAnswer, subscribeConnectivity } from './connectivity';
import {
  type OutboxEntry,
  claimEntry,
  failEntry,
  readOutbox,
  releaseEntry,
  removeEntry,
  saveEntryPayload,
  subscribeOutbox,
} from './outbox';

/** How one kind of entry reaches the server. */
export interface OutboxKind<P> {
  /**
   * Sends the entry and answers what the server made of it. It must be safe to repeat (a
   * `client_id`, an Idempotency-Key): an answer lost on the way means it is sent again. `save`
   * keeps a step done on the device, so a later attempt resumes after it.
   */
  send(payload: P, save: (payload: P) => Promise<void>): Promise<unknown>;
  /** The server has it: file its answer where the screens read it. */
  sent?(answer: unknown, payload: P): void;
}

// Each kind's payload is its own; the sender only hands it back to that kind.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type OutboxKinds = Record<string, OutboxKind<any>>;

/** The wait before trying again after a failed attempt, doubling from the first up to the last. */
export const RETRY_DELAYS_MS = { first: 2_000, max: 5 * 60_000 };

/** With no Web Locks, an entry "being sent" longer than this was left by a tab that closed mid-send. */
export const SENDING_LEASE_MS = 2 * 60_000;

/**
 * The server's reason when it refused a send for good (a 4xx other than "too soon", "in progress"
 * or "sign in again"; '' when it gave none), which the member sees; undefined: try again later.
 */
export function refusalOf(error: unknown): string | undefined {
  if (!(error instanceof ApiError) || error.status < 400 || error.status >= 500) return undefined;
  if ([401, 408, 409, 425, 429].includes(error.status)) return undefined;
  return error.detail;
}

const locksAvailable = () => typeof navigator !== 'undefined' && !!navigator.locks?.request;

let tail: Promise<unknown> = Promise.resolve();
/** Runs `work` alone: across tabs with the Web Locks API, else within this tab. */
function alone<T>(name: string, work: () => Promise<T>): Promise<T> {
  if (locksAvailable()) return navigator.locks.request(name, work).then((result) => result);
  const run = tail.then(work, work);
  tail = run.catch(() => undefined);
  return run;
}

type Outcome = 'done' | 'offline' | 'later';

/**
 * Sends a member's outbox, oldest first, one entry at a time and never in two tabs at once: on
 * start, when an entry is added, when the connection comes back, and after a failure on a timer
 * that backs off. A refused entry stays, marked failed; a failure of the connection or the server
 * stops the round, so what was written later never overtakes it.
 */
export function startOutboxSender(memberId: number, kinds: OutboxKinds) {
  let stopped = false;
  let running = false;
  let again = false;
  let failures = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  // Holding the lock, no other sender runs: an entry left "sending" was cut off by a closed tab.
  const takeOver = (entry: OutboxEntry) =>
    locksAvailable() || Date.now() - (entry.sending_since ?? 0) > SENDING_LEASE_MS;

  const next = (entries: OutboxEntry[]) =>
    entries.find((e) => kinds[e.kind] && (e.state === 'waiting' || (e.state === 'sending' && takeOver(e))));

  async function round(): Promise<Outcome> {
    for (;;) {
      // Never with another member's session: their outbox is not this one.
      if (stopped || readAuth()?.user.id !== memberId) return 'done';
      if (!isOnline()) return 'offline';
      const entry = next(await readOutbox(memberId));
      if (!entry) return 'done';
      const claimed = await claimEntry(memberId, entry.id, takeOver);
      // Cancelled, or taken, since the list was read.
      if (!claimed) continue;
      const kind = kinds[claimed.kind]!;
      let answer: unknown;
      try {
        answer = await kind.send(claimed.payload, (payload) => saveEntryPayload(memberId, claimed.id, payload));
      } catch (error) {
        const refusal = refusalOf(error);
        if (refusal !== undefined) {
          await failEntry(memberId, claimed.id, refusal);
          continue;
        }
        await releaseEntry(memberId, claimed.id);
        return 'later';
      }
      await removeEntry(memberId, claimed.id);
      reportAnswer();
      kind.sent?.(answer, claimed.payload);
    }
  }

  function retryLater() {
    failures += 1;
    const delay = Math.min(RETRY_DELAYS_MS.first * 2 ** (failures - 1), RETRY_DELAYS_MS.max);
    clearTimeout(timer);
    // A little spread, so the tabs and devices of a busy hour do not all come back at once.
    timer = setTimeout(kick, delay * (0.8 + Math.random() * 0.4));
  }

  function kick() {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = true;
    clearTimeout(timer);
    alone(`gardenswap-outbox-${memberId}`, round)
      .then(
        (outcome) => {
          if (outcome === 'later') retryLater();
          else if (outcome === 'done') failures = 0;
        },
        () => retryLater(),
      )
      .finally(() => {
        running = false;
        if (again) {
          again = false;
          kick();
        }
      });
  }

  const unsubscribeOutbox = subscribeOutbox((member, added) => {
    if (member === memberId && added) kick();
  });
  const unsubscribeConnectivity = subscribeConnectivity(() => {
    if (isOnline()) kick();
  });
  kick();

  return {
    /** Tries now rather than at the next timer. */
    kick,
    stop() {
      stopped = true;
      clearTimeout(timer);
      unsubscribeOutbox();
      unsubscribeConnectivity();
    },
  };
}
