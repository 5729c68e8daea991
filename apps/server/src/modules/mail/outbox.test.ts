import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestContext } from '../../../test/app.js';
import { createUser } from '../../../test/factories.js';
import { runOutbox } from '../../tools/outbox.js';
import { mailerOf } from './mailer.js';

interface Kept {
  to_address: string;
  subject: string;
  text: string;
}

describe('the outbox: each member reads only their own e-mails, the operator reads all with a command', () => {
  // The embedded default (`npm start`) runs in development: it must be exactly as closed as production.
  for (const env of ['development', 'production'] as const) {
    describe(`with NODE_ENV=${env}`, () => {
      let ctx: TestContext;
      beforeAll(async () => {
        ctx = await buildTestApp({ env });
      });
      afterAll(() => ctx.close());

      it("answers a member their own kept e-mails and never another member's", async () => {
        const inviter = await createUser(ctx);
        const invited = await createUser(ctx, { email: `Pal.${Date.now()}@Example.org` });
        const snoop = await createUser(ctx);
        const sent = await ctx.inject({
          method: 'POST',
          url: '/api/auth/invite',
          as: inviter,
          payload: { email: invited.email.toUpperCase() },
        });
        expect(sent.statusCode).toBe(202);
        await mailerOf(ctx.app.server)!.idle();

        const own = await ctx.inject({ method: 'GET', url: '/api/mail/outbox', as: invited });
        expect(own.statusCode).toBe(200);
        const mails = own.json<Kept[]>();
        expect(mails).toHaveLength(1);
        expect(mails[0]!.to_address.toLowerCase()).toBe(invited.email);
        expect(mails[0]!.text).toContain(`/seller/${inviter.id}`);

        for (const member of [inviter, snoop]) {
          const other = await ctx.inject({ method: 'GET', url: '/api/mail/outbox', as: member });
          expect(other.statusCode).toBe(200);
          expect(other.json()).toEqual([]);
        }
        expect((await ctx.inject({ method: 'GET', url: '/api/mail/outbox' })).statusCode).toBe(401);
      });
    });
  }

  describe('npm run outbox', () => {
    let ctx: TestContext;
    beforeAll(async () => {
      ctx = await buildTestApp();
    });
    afterAll(() => ctx.close());

    const run = async (argv: string[]) => {
      const out: string[] = [];
      const err: string[] = [];
      const code = await runOutbox(ctx.config, argv, { out: (t) => out.push(t), err: (t) => err.push(t) });
      return { code, out: out.join('\n'), err: err.join('\n') };
    };

    it('lists every kept e-mail, filters by address, and prints one in full', async () => {
      const a = await createUser(ctx);
      for (const email of ['one@example.org', 'two@example.org']) {
        await ctx.inject({ method: 'POST', url: '/api/auth/invite', as: a, payload: { email } });
      }
      await mailerOf(ctx.app.server)!.idle();

      const all = await run([]);
      expect(all.code).toBe(0);
      expect(all.out).toContain('one@example.org');
      expect(all.out).toContain('two@example.org');

      const one = await run(['--to', 'ONE@example.org']);
      expect(one.out).toContain('one@example.org');
      expect(one.out).not.toContain('two@example.org');

      const id = /^#(\d+)/.exec(one.out)![1]!;
      const full = await run([id]);
      expect(full.code).toBe(0);
      expect(full.out).toContain('To: one@example.org');
      expect(full.out).toContain(`/seller/${a.id}`);

      expect((await run(['999999'])).code).toBe(1);
      expect((await run(['--limit', 'x'])).code).toBe(2);
    });
  });
});
