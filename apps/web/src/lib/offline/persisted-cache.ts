import { createAsyncStoragePersister } from '@tanstack/query-async-storage-persister';
import type { QueryClient } from '@tanstack/react-query';
import {
  type PersistQueryClientOptions,
  persistQueryClientRestore,
  persistQueryClientSave,
  persistQueryClientSubscribe,
  removeOldestQuery,
} from '@tanstack/react-query-persist-client';
import { createStore, del, delMany, get, keys, set } from 'idb-keyval';
import { CACHE_MAX_AGE_MS, CACHE_SCHEMA, shouldKeepQuery } from './kept-queries';

// One store for every member, each key [member id, name]: a member's data is found and deleted by its id.
const store = createStore('gardenswap-cache', 'queries');
const CACHE_KEY = 'query-cache';

/**
 * The persister of one member's screens. Once closed (the member signed out, another signed in) it
 * writes nothing more, so a save scheduled before cannot bring their data back.
 */
export function memberPersister(memberId: number) {
  let open = true;
  const persister = createAsyncStoragePersister({
    key: CACHE_KEY,
    storage: {
      getItem: (name) => get<string>([memberId, name], store),
      setItem: async (name, value) => {
        if (open) await set([memberId, name], value, store);
      },
      removeItem: (name) => del([memberId, name], store),
    },
    // Storage full: drop the oldest query and try again.
    retry: removeOldestQuery,
  });
  return {
    persister,
    close: () => {
      open = false;
    },
  };
}

/**
 * Restores the member's kept screens into the client (TanStack Query's persistence: bounded by age,
 * dropped when the schema changed), then saves them as they change, until `stop`.
 */
export function keepMemberScreens(queryClient: QueryClient, memberId: number) {
  const { persister, close } = memberPersister(memberId);
  const options: PersistQueryClientOptions = {
    // The persistence packages pin an older query-core (the bundle dedupes it); only their types differ.
    queryClient: queryClient as unknown as PersistQueryClientOptions['queryClient'],
    persister,
    maxAge: CACHE_MAX_AGE_MS,
    buster: CACHE_SCHEMA,
    dehydrateOptions: { shouldDehydrateQuery: shouldKeepQuery },
  };
  let unsubscribe: (() => void) | undefined;
  let stopped = false;
  const startedAt = Date.now();
  // What the screens already had from the network: the device's older copy never replaces it.
  const fetchedBefore = new Map(
    queryClient
      .getQueryCache()
      .getAll()
      .map((q) => [q.queryHash, q.state.dataUpdatedAt]),
  );
  return {
    /** Settles once restored (or found unreadable, then dropped); saving starts then. */
    restored: persistQueryClientRestore(options)
      .catch(() => undefined)
      .then(() => {
        // A kept copy may be behind the server (or miss a change made just before closing): it
        // shows at once, and each screen fetches it again when it can.
        // Only what came from the device: a screen still waiting for its first answer, or one the
        // network answered before the copy was read (the marketplace's first page, asked for as the
        // page opened), is left alone; marking it would fetch it again for nothing.
        void queryClient.invalidateQueries({
          predicate: ({ queryHash, state }) =>
            state.dataUpdatedAt > 0 &&
            state.dataUpdatedAt <= startedAt &&
            fetchedBefore.get(queryHash) !== state.dataUpdatedAt,
          refetchType: 'none',
        });
        if (stopped) return;
        // What the screens fetched while the copy was being read is saved now, the rest as it changes.
        void persistQueryClientSave(options).catch(() => undefined);
        unsubscribe = persistQueryClientSubscribe(options);
      }),
    stop() {
      stopped = true;
      unsubscribe?.();
      close();
    },
  };
}

/** Deletes every member's saved screens but `keep`'s (null: everyone's). */
export async function forgetCache(keep: number | null) {
  const gone = (await keys(store)).filter((key) => !Array.isArray(key) || key[0] !== keep);
  if (gone.length) await delMany(gone, store);
}
