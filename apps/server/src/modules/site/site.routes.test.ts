import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { buildTestApp, type TestContext } from '../../../test/app.js';

describe('GET /api/site', () => {
  let ctx: TestContext;
  let withTiles: TestContext;
  beforeAll(async () => {
    ctx = await buildTestApp({ contactEmail: 'garden@slc.example' });
    withTiles = await buildTestApp({
      mapTiles: { url: 'https://tiles.garden.example/{z}/{x}/{y}.png', attribution: '© Our own tiles' },
    });
  });
  afterAll(async () => {
    await ctx?.close();
    await withTiles?.close();
  });

  it('gives the configured contact address to guests, and no map tiles by default: the map draws its own', async () => {
    const res = await ctx.inject({ method: 'GET', url: '/api/site' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ contact_email: 'garden@slc.example', map_tiles: null });
    // The page loads no image from anywhere else.
    expect(res.headers['content-security-policy']).toMatch(/img-src 'self' data: blob:;/);
  });

  it("tells the web app the operator's map tiles, and lets the page load images from their server only", async () => {
    const res = await withTiles.inject({ method: 'GET', url: '/api/site' });
    expect(res.json().map_tiles).toEqual({
      url: 'https://tiles.garden.example/{z}/{x}/{y}.png',
      attribution: '© Our own tiles',
    });
    expect(res.headers['content-security-policy']).toMatch(
      /img-src 'self' data: blob: https:\/\/tiles\.garden\.example;/,
    );
  });

  it('takes MAP_STYLE_URL only as a tile address with {z}, {x} and {y}', () => {
    const base = { NODE_ENV: 'test', DATA_DIR: mkdtempSync(path.join(tmpdir(), 'gardenswap-config-')) };
    expect(
      loadConfig({ ...base, MAP_STYLE_URL: 'https://t.example/{z}/{x}/{y}.png', MAP_ATTRIBUTION: 'Us' }).mapTiles,
    ).toEqual({ url: 'https://t.example/{z}/{x}/{y}.png', attribution: 'Us' });
    expect(loadConfig(base).mapTiles).toBeUndefined();
    expect(() => loadConfig({ ...base, MAP_STYLE_URL: 'https://t.example/tiles.png' })).toThrow(/MAP_STYLE_URL/);
    expect(() => loadConfig({ ...base, MAP_STYLE_URL: 'javascript:{z}{x}{y}' })).toThrow(/MAP_STYLE_URL/);
  });
});
