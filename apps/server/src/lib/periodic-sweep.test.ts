import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { periodicSweep, sweepsOf } from './periodic-sweep.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('a periodic sweep, as its metrics read it', () => {
  it('keeps the time of its last sweep that did not fail, from the moment the app is ready', async () => {
    const app = Fastify();
    let databaseAway = true;
    const sweeper = periodicSweep(app, {
      what: 'old things',
      everyMs: 60_000,
      run: async () => {
        if (databaseAway) throw new Error('the database is away');
        return 0;
      },
      more: () => false,
    });
    await app.ready();
    const [record] = sweepsOf(app);
    expect(record).toMatchObject({ what: 'old things', everyMs: 60_000 });
    const readyAt = record!.lastSucceededAt;
    expect(readyAt).toBeLessThanOrEqual(Date.now());

    await sleep(5);
    await expect(sweeper.sweep()).rejects.toThrow('the database is away');
    expect(record!.lastSucceededAt).toBe(readyAt);

    databaseAway = false;
    await sweeper.sweep();
    expect(record!.lastSucceededAt).toBeGreaterThan(readyAt);
    await app.close();
  });

  it("keeps each app's sweeps apart", async () => {
    const [one, other] = [Fastify(), Fastify()];
    const options = { everyMs: 60_000, run: async () => 0, more: () => false };
    periodicSweep(one, { ...options, what: 'a' });
    periodicSweep(one, { ...options, what: 'b' });
    periodicSweep(other, { ...options, what: 'c' });
    expect(sweepsOf(one).map((s) => s.what)).toEqual(['a', 'b']);
    expect(sweepsOf(other).map((s) => s.what)).toEqual(['c']);
    await Promise.all([one.close(), other.close()]);
  });
});
