import 'fake-indexeddb/auto';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildListing } from '../../../test/api-stubs';
import { clearAuth, writeAuth } from '../../../lib/auth-storage';
import { reportAnswer } from '../../../lib/offline/connectivity';
import { forgetOutbox, readOutbox } from '../../../lib/offline/outbox';
import { startOutboxSender } from '../../../lib/offline/outbox-sender';
import { listingKeys } from '../../../lib/query-keys';
import { LISTING_KIND, type QueuedListing, listingOutboxKind, queueListing } from './queued-listings';

const ME = 7;
const fields = {
  title: 'Rhubarb crowns',
  description: 'Two strong crowns.',
  price: 4,
  type_id: 1,
  category_id: 3,
  is_public: true,
};

interface Sent {
  url: string;
  key: string | undefined;
  form: FormData;
}

/**
 * The server at XMLHttpRequest level (uploads): records each request with its Idempotency-Key and
 * answers by `respond`; `null` fails it as a lost connection would.
 */
function stubUploads(respond: (request: Sent, index: number) => { status: number; body: unknown } | null) {
  const sent: Sent[] = [];
  class FakeXhr {
    status = 0;
    statusText = '';
    responseText = '';
    upload = {};
    onload?: () => void;
    onerror?: () => void;
    private url = '';
    private headers: Record<string, string> = {};
    open(_method: string, url: string) {
      this.url = url;
    }
    setRequestHeader(name: string, value: string) {
      this.headers[name] = value;
    }
    send(form: FormData) {
      const request = { url: this.url, key: this.headers['idempotency-key'], form };
      const index = sent.push(request) - 1;
      setTimeout(() => {
        const answer = respond(request, index);
        if (!answer) return this.onerror?.();
        this.status = answer.status;
        this.responseText = JSON.stringify(answer.body);
        this.onload?.();
      });
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return sent;
}

const photo = (name: string, bytes: number[]) => new File([new Uint8Array(bytes)], name, { type: 'image/webp' });

let stop: (() => void) | undefined;
beforeEach(() => writeAuth('token', { id: ME, username: 'rosa' }));
afterEach(async () => {
  stop?.();
  vi.unstubAllGlobals();
  window.dispatchEvent(new Event('online'));
  reportAnswer();
  clearAuth();
  await forgetOutbox(null);
});

describe('a listing composed offline', () => {
  it('keeps its fields and its photos’ bytes on the device, under the key of the attempt', async () => {
    await queueListing(ME, { ...fields, image: null }, [photo('crown.webp', [1, 2, 3])], 'listing-key');
    const [entry] = await readOutbox(ME);
    expect(entry?.kind).toBe(LISTING_KIND);
    const kept = entry!.payload as QueuedListing;
    expect(kept).toMatchObject({ fields, key: 'listing-key', photos_sent: 0 });
    expect(kept.photos).toHaveLength(1);
    expect(kept.photos[0]).toMatchObject({ name: 'crown.webp', type: 'image/webp' });
    expect(new Uint8Array(kept.photos[0]!.bytes)).toEqual(new Uint8Array([1, 2, 3]));
  });

  it('is posted once, then each photo under its own key, resuming after the connection drops', async () => {
    const posted = buildListing({ id: 91, title: fields.title, owner_id: ME });
    let photos: { id: number; image: string; thumbnail: string }[] = [];
    const sent = stubUploads((request, index) => {
      if (request.url === '/api/listings/') return { status: 201, body: posted };
      // The first photo's answer is lost: the connection dropped.
      if (index === 1) return null;
      photos = [...photos, { id: 500 + index, image: `uploads/${index}.webp`, thumbnail: `uploads/${index}t.webp` }];
      return { status: 201, body: { ...posted, photos } };
    });
    await queueListing(ME, { ...fields, image: null }, [photo('one.webp', [1]), photo('two.webp', [2])], 'listing-key');
    const queryClient = new QueryClient();
    stop = startOutboxSender(ME, { [LISTING_KIND]: listingOutboxKind(queryClient) }).stop;

    // Stopped at the lost photo, with the posting kept as done.
    await vi.waitFor(() => expect(sent).toHaveLength(2));
    await vi.waitFor(async () => {
      const [entry] = await readOutbox(ME);
      expect(entry).toMatchObject({ state: 'waiting', payload: { listing_id: 91, photos_sent: 0 } });
    });

    window.dispatchEvent(new Event('online'));
    await vi.waitFor(async () => expect(await readOutbox(ME)).toEqual([]));
    expect(sent.map((r) => r.url)).toEqual([
      '/api/listings/',
      '/api/listings/91/photos',
      '/api/listings/91/photos',
      '/api/listings/91/photos',
    ]);
    expect(sent[0]!.key).toBe('listing-key');
    expect(Object.fromEntries(sent[0]!.form.entries())).toEqual({
      title: 'Rhubarb crowns',
      description: 'Two strong crowns.',
      price: '4',
      type_id: '1',
      category_id: '3',
      is_public: 'true',
      is_active: 'true',
    });
    const [lost, again, second] = sent.slice(1);
    expect(again!.key).toBe(lost!.key);
    expect(second!.key).not.toBe(lost!.key);
    expect((again!.form.get('image') as File).name).toBe('one.webp');
    expect((second!.form.get('image') as File).name).toBe('two.webp');
    expect(queryClient.getQueryData(listingKeys.detail(91))).toMatchObject({ id: 91, photos: [{}, {}] });
  });

  it('is shown as not posted, with the server’s reason, when the server refuses it', async () => {
    stubUploads(() => ({ status: 422, body: { detail: 'Title must be at least 3 characters long', code: 'X' } }));
    await queueListing(ME, { ...fields, image: null }, [], 'listing-key');
    stop = startOutboxSender(ME, { [LISTING_KIND]: listingOutboxKind(new QueryClient()) }).stop;
    await vi.waitFor(async () =>
      expect((await readOutbox(ME))[0]).toMatchObject({
        state: 'failed',
        error: 'Title must be at least 3 characters long',
      }),
    );
  });
});
