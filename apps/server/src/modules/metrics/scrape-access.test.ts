import type { AddressInfo } from 'node:net';
import { networkInterfaces } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestContext } from '../../../test/app.js';
import { scrape } from '../../../test/prometheus-text.js';
import { ConfigError, loadConfig } from '../../config.js';

const TOKEN = 'a-long-random-scrape-token-0123456789';
const PUBLIC_ADDRESS = '203.0.113.7';

/** This machine's first address that is not loopback, if it has one. */
const outsideAddress = Object.values(networkInterfaces())
  .flat()
  .find((address) => address?.family === 'IPv4' && !address.internal)?.address;

/** What an unknown API path answers: a refused scrape must look exactly the same. */
async function notFound(ctx: TestContext) {
  const res = await ctx.inject({ method: 'GET', url: '/api/no-such-thing' });
  expect(res.statusCode).toBe(404);
  return { status: res.statusCode, body: res.json(), type: res.headers['content-type'] };
}

const asAnswer = (res: { statusCode: number; body: string; headers: Record<string, unknown> }) => ({
  status: res.statusCode,
  body: JSON.parse(res.body) as unknown,
  type: res.headers['content-type'],
});

describe('who may scrape the metrics without METRICS_TOKEN (behind a proxy that is trusted)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await buildTestApp({ trustProxy: true });
  });
  afterAll(() => ctx.close());

  const scrapeFrom = (remoteAddress: string, headers: Record<string, string> = {}) =>
    ctx.inject({ method: 'GET', url: '/api/metrics', remoteAddress, headers });

  it('serves a client on this machine, over IPv4, IPv6 and IPv4-mapped loopback', async () => {
    for (const address of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
      const res = await scrapeFrom(address);
      expect(res.statusCode, address).toBe(200);
      expect(res.body).toContain('gardenswap_http_requests_total');
    }
  });

  it('answers any other client 404 with the body of an unknown API path', async () => {
    const res = await scrapeFrom(PUBLIC_ADDRESS);
    expect(asAnswer(res)).toEqual(await notFound(ctx));
    expect(res.body).not.toContain('gardenswap_');
  });

  it('never takes X-Forwarded-For for the client, even with the proxy trusted', async () => {
    const claimed = await scrapeFrom(PUBLIC_ADDRESS, { 'x-forwarded-for': '127.0.0.1' });
    expect(asAnswer(claimed)).toEqual(await notFound(ctx));
    const forwardedHeader = await scrapeFrom(PUBLIC_ADDRESS, { forwarded: 'for=127.0.0.1' });
    expect(forwardedHeader.statusCode).toBe(404);
  });

  it('refuses a request a proxy on this machine forwarded from the internet', async () => {
    for (const header of ['x-forwarded-for', 'forwarded', 'x-real-ip']) {
      const res = await scrapeFrom('127.0.0.1', {
        [header]: header === 'forwarded' ? `for=${PUBLIC_ADDRESS}` : PUBLIC_ADDRESS,
      });
      expect(res.statusCode, header).toBe(404);
    }
  });

  it('is left out of the public API reference', async () => {
    const doc = (await ctx.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(Object.keys(doc.paths).filter((path) => path.includes('metrics'))).toEqual([]);
    expect(Object.keys(doc.paths)).toContain('/api/health/ready');
  });

  it('decides by the real socket: refused over a network address, served over loopback', async () => {
    await ctx.app.listen({ port: 0, host: '0.0.0.0' });
    const { port } = ctx.app.server.address() as AddressInfo;
    expect((await scrape(`http://127.0.0.1:${port}`)).status).toBe(200);
    if (!outsideAddress) return;
    const outside = await scrape(`http://${outsideAddress}:${port}`, { 'x-forwarded-for': '127.0.0.1' });
    expect(outside.status).toBe(404);
    expect(JSON.parse(outside.text)).toEqual((await notFound(ctx)).body);
  });
});

describe('who may scrape the metrics with METRICS_TOKEN set', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await buildTestApp({ metricsToken: TOKEN, trustProxy: true });
  });
  afterAll(() => ctx.close());

  const scrapeWith = (remoteAddress: string, authorization?: string) =>
    ctx.inject({
      method: 'GET',
      url: '/api/metrics',
      remoteAddress,
      headers: authorization ? { authorization } : {},
    });

  it('serves whoever sends the token, from anywhere', async () => {
    for (const address of [PUBLIC_ADDRESS, '127.0.0.1']) {
      const res = await scrapeWith(address, `Bearer ${TOKEN}`);
      expect(res.statusCode, address).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/plain/);
    }
    expect((await scrapeWith(PUBLIC_ADDRESS, `bearer ${TOKEN}`)).statusCode).toBe(200);
  });

  it('requires the token from loopback too, and refuses a wrong or partial one with the 404', async () => {
    const refused = await notFound(ctx);
    for (const authorization of [
      undefined,
      `Bearer ${TOKEN.slice(0, -1)}`,
      `Bearer ${TOKEN}x`,
      `Basic ${TOKEN}`,
      TOKEN,
      'Bearer ',
    ]) {
      const res = await scrapeWith('127.0.0.1', authorization);
      expect(asAnswer(res), String(authorization)).toEqual(refused);
    }
  });
});

describe('METRICS_TOKEN in the configuration', () => {
  const env = { NODE_ENV: 'test' as const, JWT_SECRET: 'a-secret-of-thirty-two-characters-at-least' };

  it('is read once into the configuration, unset by default', () => {
    expect(loadConfig(env).metricsToken).toBeUndefined();
    expect(loadConfig({ ...env, METRICS_TOKEN: TOKEN }).metricsToken).toBe(TOKEN);
  });

  it('stops start-up when it is too short to guess at', () => {
    expect(() => loadConfig({ ...env, METRICS_TOKEN: 'short' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...env, METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN/);
  });
});
