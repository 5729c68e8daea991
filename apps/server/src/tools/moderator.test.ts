import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestContext } from '../../test/app.js';
import { createUser } from '../../test/factories.js';
import { runModerator } from './moderator.js';

describe('npm run moderator', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await buildTestApp();
  });
  afterAll(() => ctx.close());

  const run = async (argv: string[]) => {
    const out: string[] = [];
    const err: string[] = [];
    const code = await runModerator(ctx.config, argv, { out: (t) => out.push(t), err: (t) => err.push(t) });
    return { code, out: out.join('\n'), err: err.join('\n') };
  };
  const moderationAs = (token: string) => ctx.inject({ method: 'GET', url: '/api/moderation/reports', as: token });

  it('adds a moderator by e-mail, whatever its case, who then reaches /api/moderation; remove takes it back', async () => {
    const member = await createUser(ctx);
    expect((await moderationAs(member.token)).statusCode).toBe(403);

    const added = await run(['add', member.email.toUpperCase()]);
    expect(added).toEqual({ code: 0, out: `${member.username} (${member.email}) is now a moderator.`, err: '' });
    expect((await moderationAs(member.token)).statusCode).toBe(200);
    expect((await run(['list'])).out).toContain(member.email);

    const removed = await run(['remove', member.email]);
    expect(removed.code).toBe(0);
    expect(removed.out).toBe(`${member.username} (${member.email}) is no longer a moderator.`);
    expect((await moderationAs(member.token)).statusCode).toBe(403);
    expect((await run(['list'])).out).not.toContain(member.email);
  });

  it('says so when no member has the address, and shows the usage for anything else', async () => {
    const missing = await run(['add', 'nobody@example.org']);
    expect(missing.code).toBe(1);
    expect(missing.err).toBe('No member has the e-mail address nobody@example.org.');
    for (const argv of [[], ['add'], ['promote', 'a@example.org'], ['list', 'extra']]) {
      const bad = await run(argv);
      expect(bad.code).toBe(2);
      expect(bad.err).toMatch(/^Usage: npm run moderator -- add <email>/);
    }
  });
});
