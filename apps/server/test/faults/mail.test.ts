import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { runOutbox } from '../../src/tools/outbox.js';
import { startSmtpSink } from '../smtp-sink.js';
import { type ServerProcess, startServer } from './server-process.js';
import { sparePort } from './services.js';

const INVITATIONS = 20;
/** The invitations, and the link that confirms the address the registration queued first. */
const MAILS = INVITATIONS + 1;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(what: string, check: () => boolean, ms: number) {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(25);
  }
}

/** Outbox ids the server logged a failed attempt for. */
const failedAttempts = (output: string) =>
  new Set(
    output
      .split('\n')
      .filter((line) => line.includes('e-mail not sent; retrying later'))
      .map((line) => (JSON.parse(line) as { outbox_id: number }).outbox_id),
  );

describe('e-mail survives an SMTP outage and kill -9', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'gardenswap-faults-mail-'));
  const servers: ServerProcess[] = [];
  let sink: Awaited<ReturnType<typeof startSmtpSink>> | undefined;
  afterAll(async () => {
    for (const server of servers) await server.stop('SIGKILL');
    await sink?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('delivers every e-mail queued while the mail server was down exactly once after a restart', async () => {
    const deadPort = await sparePort();
    const first = await startServer({ SMTP_URL: `smtp://127.0.0.1:${deadPort}` }, { dataDir });
    servers.push(first);
    const api = (url: string, body: unknown, token?: string) =>
      fetch(`${first.url}${url}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: JSON.stringify(body),
      });

    const email = 'rosa@example.org';
    const password = 'correct horse 42';
    const registered = await api('/api/auth/register', {
      email,
      password,
      first_name: 'Rosa',
      last_name: 'Grows',
      username: 'rosa_grows',
    });
    expect(registered.status).toBe(201);
    const login = await api('/api/auth/login', { username: email, password });
    const { access_token: token } = (await login.json()) as { access_token: string };

    const invited = Array.from({ length: INVITATIONS }, (_, i) => `pal${i}@example.org`);
    for (const to of invited) expect((await api('/api/auth/invite', { email: to }, token)).status).toBe(202);
    // Every e-mail has met the dead mail server at least once before the crash.
    await until('a failed attempt for every e-mail', () => failedAttempts(first.output()).size >= MAILS, 10_000);
    await first.stop('SIGKILL');
    expect((await first.exit()).signal).toBe('SIGKILL');

    sink = await startSmtpSink();
    const second = await startServer({ SMTP_URL: sink.url }, { dataDir });
    servers.push(second);
    const restarted = Date.now();
    await until('every e-mail at the sink', () => sink!.received.length >= MAILS, 15_000);
    const deliveredMs = Date.now() - restarted;
    // Long enough for a second delivery of anything to show up.
    await sleep(1_500);

    for (const to of [...invited, email]) expect(sink.to(to), to).toHaveLength(1);
    expect(sink.received).toHaveLength(MAILS);

    const out: string[] = [];
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
    expect(
      await runOutbox(config, ['--status', 'sent', '--limit', '100'], { out: (t) => out.push(t), err: () => {} }),
    ).toBe(0);
    expect(
      out
        .join('\n')
        .split('\n')
        .filter((line) => line.startsWith('#')),
    ).toHaveLength(MAILS);

    console.log(
      `mail drill: ${MAILS} e-mails queued while SMTP was down, server killed with SIGKILL; after the restart ` +
        `${sink.received.length} delivered, each exactly once, ${deliveredMs} ms after the server was ready`,
    );
  });
});
