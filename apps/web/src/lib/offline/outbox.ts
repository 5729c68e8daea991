import { createStore, delMany, keys, promisifyRequest, set } from 'idb-keyval';
import { useCallback, useSyncExternalStore } from 'react';

/** Waiting for the connection; being sent now; refused by the server for good (its reason in `error`). */
export type OutboxState = 'waiting' | 'sending' | 'failed';

/** Something a member did offline, kept on the device until the server has it. */
export interface OutboxEntry<P = unknown> {
  /** Sorts in the order the entries were made. */
  id: string;
  member_id: number;
  /** Which sender takes it: 'message', 'listing'. */
  kind: string;
  payload: P;
  state: OutboxState;
  /** The server's reason, once it refused the entry. */
  error?: string;
  created_at: string;
  /** When a sender took it (ms since the epoch), while it is being sent. */
  sending_since?: number;
}

// One store for every member, each key [member id, entry id]: a member's entries are one key range.
const store = createStore('gardenswap-outbox', 'entries');
type Key = [number, string];

const memberRange = (memberId: number) => IDBKeyRange.bound([memberId], [memberId, []]);

let sequence = 0;
/** Time first, so the store's key order is the order entries were made, then what tells two apart. */
const newEntryId = () =>
  `${Date.now().toString(36).padStart(10, '0')}-${(sequence++).toString(36).padStart(4, '0')}-${Math.random().toString(36).slice(2, 8)}`;

type Listener = (memberId: number, added: boolean) => void;
const listeners = new Set<Listener>();

// Other tabs of the app hear of every change too, so their lists, banners and senders follow.
let channel: BroadcastChannel | null | undefined;
function otherTabs() {
  if (channel !== undefined) return channel;
  channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel('gardenswap-outbox');
  channel?.addEventListener(
    'message',
    (event: MessageEvent<{ memberId: number; added: boolean }>) =>
      void emit(event.data.memberId, event.data.added, false),
  );
  // Where the channel is Node's (the component tests), it must not keep the process alive.
  (channel as { unref?: () => void } | null)?.unref?.();
  return channel;
}

/** Tells everyone who follows the member's outbox; resolves once the screens' copy is read again. */
function emit(memberId: number, added: boolean, broadcast = true) {
  for (const listener of listeners) listener(memberId, added);
  if (broadcast) otherTabs()?.postMessage({ memberId, added });
  return refreshSnapshot(memberId);
}

/** Hears every change of any member's outbox, in this tab or another; `added` when an entry was put in. */
export function subscribeOutbox(listener: Listener) {
  otherTabs();
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** Keeps `payload` on the device for `kind`'s sender, after whatever the member already has waiting. */
export async function addToOutbox<P>(memberId: number, kind: string, payload: P): Promise<OutboxEntry<P>> {
  const entry: OutboxEntry<P> = {
    id: newEntryId(),
    member_id: memberId,
    kind,
    payload,
    state: 'waiting',
    created_at: new Date().toISOString(),
  };
  await set([memberId, entry.id] satisfies Key, entry, store);
  await emit(memberId, true);
  return entry;
}

/** The member's entries, oldest first. */
export async function readOutbox(memberId: number): Promise<OutboxEntry[]> {
  return store('readonly', (s) => promisifyRequest(s.getAll(memberRange(memberId)) as IDBRequest<OutboxEntry[]>));
}

/**
 * Reads and rewrites one entry in a single transaction, so a sender taking it and the member
 * cancelling it cannot both win. `change` answers the new entry, null to delete it, or undefined to
 * leave it; the result is the entry as it was before.
 */
async function changeEntry(
  memberId: number,
  id: string,
  change: (entry: OutboxEntry) => OutboxEntry | null | undefined,
): Promise<OutboxEntry | undefined> {
  const key: Key = [memberId, id];
  return store('readwrite', (s) => {
    const request = s.get(key) as IDBRequest<OutboxEntry | undefined>;
    let before: OutboxEntry | undefined;
    request.onsuccess = () => {
      before = request.result;
      if (!before) return;
      const after = change(before);
      if (after === null) s.delete(key);
      else if (after) s.put(after, key);
    };
    return promisifyRequest(s.transaction).then(() => before);
  });
}

/** Takes an entry to send it: answers it, or undefined when it is gone or already being sent elsewhere. */
export async function claimEntry(
  memberId: number,
  id: string,
  takeOver: (entry: OutboxEntry) => boolean,
): Promise<OutboxEntry | undefined> {
  let claimed: OutboxEntry | undefined;
  await changeEntry(memberId, id, (entry) => {
    if (entry.state === 'failed' || (entry.state === 'sending' && !takeOver(entry))) return undefined;
    claimed = { ...entry, state: 'sending', sending_since: Date.now() };
    return claimed;
  });
  if (claimed) await emit(memberId, false);
  return claimed;
}

/** Keeps a step of the sending done (a listing posted, its first photo uploaded), so a retry resumes after it. */
export async function saveEntryPayload(memberId: number, id: string, payload: unknown) {
  await changeEntry(memberId, id, (entry) => ({ ...entry, payload }));
}

/** The server has it: the entry goes. */
export async function removeEntry(memberId: number, id: string) {
  await changeEntry(memberId, id, () => null);
  await emit(memberId, false);
}

/** Not sent this time: it waits for the next attempt. */
export async function releaseEntry(memberId: number, id: string) {
  await changeEntry(memberId, id, ({ sending_since: _since, ...entry }) => ({ ...entry, state: 'waiting' }));
  await emit(memberId, false);
}

/** The server refused it for good: it stays, with the reason, until the member removes it. */
export async function failEntry(memberId: number, id: string, error: string) {
  await changeEntry(memberId, id, ({ sending_since: _since, ...entry }) => ({ ...entry, state: 'failed', error }));
  await emit(memberId, false);
}

/** The member's Cancel: true when the entry is gone, false when it is being sent right now (too late). */
export async function cancelEntry(memberId: number, id: string): Promise<boolean> {
  const before = await changeEntry(memberId, id, (entry) => (entry.state === 'sending' ? undefined : null));
  await emit(memberId, false);
  return before?.state !== 'sending';
}

/** Deletes every member's entries but `keep`'s (null: everyone's). */
export async function forgetOutbox(keep: number | null) {
  const gone = (await keys(store)).filter((key) => !Array.isArray(key) || key[0] !== keep);
  if (gone.length) await delMany(gone, store);
  for (const memberId of snapshots.keys()) if (memberId !== keep) snapshots.delete(memberId);
  notifySnapshots();
}

// What the screens show: each member's entries as last read, re-read after every change.
const EMPTY: OutboxEntry[] = [];
const snapshots = new Map<number, OutboxEntry[]>();
const reads = new Map<number, number>();
const snapshotListeners = new Set<() => void>();
const notifySnapshots = () => snapshotListeners.forEach((notify) => notify());

async function refreshSnapshot(memberId: number) {
  const read = (reads.get(memberId) ?? 0) + 1;
  reads.set(memberId, read);
  const entries = await readOutbox(memberId).catch(() => EMPTY);
  // A later read started meanwhile: it has the newer list.
  if (reads.get(memberId) !== read) return;
  snapshots.set(memberId, entries);
  notifySnapshots();
}

/** The member's waiting, sending and refused entries, oldest first, kept up to date (empty for a guest). */
export function useOutbox(memberId: number | null | undefined): OutboxEntry[] {
  const subscribe = useCallback(
    (notify: () => void) => {
      snapshotListeners.add(notify);
      otherTabs();
      if (memberId) void refreshSnapshot(memberId);
      return () => {
        snapshotListeners.delete(notify);
      };
    },
    [memberId],
  );
  return useSyncExternalStore(
    subscribe,
    () => (memberId ? (snapshots.get(memberId) ?? EMPTY) : EMPTY),
    () => EMPTY,
  );
}
