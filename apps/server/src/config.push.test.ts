import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import webpush from 'web-push';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

const JWT_SECRET = 'a-secret-of-at-least-thirty-two-characters';
const dirs: string[] = [];
const dataDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'gardenswap-vapid-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** The message start-up stops with. */
const refusal = (env: Record<string, string>) => {
  try {
    loadConfig({ NODE_ENV: 'test', JWT_SECRET, DATA_DIR: dataDir(), ...env });
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error('the configuration was accepted');
};

describe('VAPID keys in the configuration', () => {
  it('are made once into DATA_DIR on the first start and kept for the next, readable by the server only', () => {
    const dir = dataDir();
    const first = loadConfig({ NODE_ENV: 'test', JWT_SECRET, DATA_DIR: dir });
    const file = path.join(dir, 'vapid-keys.json');
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({
      publicKey: first.push.vapid.publicKey,
      privateKey: first.push.vapid.privateKey,
    });
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(Buffer.from(first.push.vapid.publicKey, 'base64url')).toHaveLength(65);
    expect(first.push.vapid.subject).toBe('mailto:hello@gardenswap.example');

    const again = loadConfig({
      NODE_ENV: 'production',
      JWT_SECRET,
      DATA_DIR: dir,
      CONTACT_EMAIL: 'team@garden.example',
    });
    expect(again.push.vapid).toEqual({ ...first.push.vapid, subject: 'mailto:team@garden.example' });
    expect(again.push.allowLoopbackHttp).toBe(false);
    expect(first.push.allowLoopbackHttp).toBe(true);
  });

  it('are taken from VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY and VAPID_SUBJECT, and nothing is written', () => {
    const keys = webpush.generateVAPIDKeys();
    const dir = dataDir();
    const config = loadConfig({
      NODE_ENV: 'production',
      JWT_SECRET,
      DATA_DIR: dir,
      VAPID_PUBLIC_KEY: keys.publicKey,
      VAPID_PRIVATE_KEY: keys.privateKey,
      VAPID_SUBJECT: 'https://gardenswap.example/contact',
    });
    expect(config.push.vapid).toEqual({ ...keys, subject: 'https://gardenswap.example/contact' });
    expect(() => statSync(path.join(dir, 'vapid-keys.json'))).toThrow();
  });

  it('stop start-up with the name of the variable when they are wrong', () => {
    const keys = webpush.generateVAPIDKeys();
    const other = webpush.generateVAPIDKeys();
    expect(refusal({ VAPID_PUBLIC_KEY: keys.publicKey })).toMatch(
      /VAPID_PRIVATE_KEY: is required with VAPID_PUBLIC_KEY/,
    );
    expect(refusal({ VAPID_PRIVATE_KEY: keys.privateKey })).toMatch(/VAPID_PUBLIC_KEY: is required/);
    expect(refusal({ VAPID_PUBLIC_KEY: 'not-a-key', VAPID_PRIVATE_KEY: keys.privateKey })).toMatch(
      /VAPID_PUBLIC_KEY: must be an uncompressed P-256 public key/,
    );
    expect(refusal({ VAPID_PUBLIC_KEY: keys.publicKey, VAPID_PRIVATE_KEY: 'c2hvcnQ' })).toMatch(
      /VAPID_PRIVATE_KEY: must be a P-256 private key/,
    );
    expect(refusal({ VAPID_PUBLIC_KEY: keys.publicKey, VAPID_PRIVATE_KEY: other.privateKey })).toMatch(
      /VAPID_PRIVATE_KEY: is not the private key of VAPID_PUBLIC_KEY/,
    );
    expect(refusal({ VAPID_SUBJECT: 'gardenswap.example' })).toMatch(/VAPID_SUBJECT: must be a mailto: address/);
    // Scaled out, every instance must sign with the same keys: made on each, they would differ.
    expect(refusal({ NODE_ENV: 'production', REDIS_URL: 'redis://127.0.0.1:6379' })).toMatch(
      /VAPID_PUBLIC_KEY: is required when NODE_ENV=production and REDIS_URL is set/,
    );
  });

  it('stop start-up naming the file when the kept pair is damaged', () => {
    const dir = dataDir();
    writeFileSync(path.join(dir, 'vapid-keys.json'), '{"publicKey": "x"');
    expect(() => loadConfig({ NODE_ENV: 'test', JWT_SECRET, DATA_DIR: dir })).toThrow(
      /vapid-keys\.json: must hold \{"publicKey", "privateKey"\}/,
    );
  });
});
