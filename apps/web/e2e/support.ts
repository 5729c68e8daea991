import { createRequire } from 'node:module';
import { type APIRequestContext, type Browser, type Page, expect } from '@playwright/test';

const require = createRequire(import.meta.url);

export const PASSWORD = 'garden-path-2026';
export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1280, height: 800 };

let counter = 0;
/** A username and e-mail no other journey uses. */
export function uniqueMember(prefix: string) {
  const tag = `${Date.now().toString(36)}${(counter++).toString(36)}${Math.random().toString(36).slice(2, 5)}`;
  const username = `${prefix}_${tag}`.slice(0, 30);
  return { username, email: `${username}@example.com`, first_name: prefix, last_name: 'Gardener', password: PASSWORD };
}

export type Member = ReturnType<typeof uniqueMember> & { id: number; token: string };

/** Registers and signs in through the API (for the members a journey only needs to exist). */
export async function createMember(request: APIRequestContext, prefix: string): Promise<Member> {
  const member = uniqueMember(prefix);
  const reg = await request.post('/api/auth/register', { data: member });
  expect(reg.status()).toBe(201);
  const login = await request.post('/api/auth/login', { form: { username: member.email, password: PASSWORD } });
  expect(login.status()).toBe(200);
  const body = await login.json();
  return { ...member, id: body.user.id, token: body.access_token };
}

/** Opens a page already signed in as the member (the session the web app stores after login). */
export async function signedInPage(browser: Browser, member: Member, viewport = PHONE): Promise<Page> {
  const context = await browser.newContext({ viewport });
  await context.addInitScript(
    ([token, user]) => {
      // Once per tab: a later sign-out (or a 401) must stay signed out across navigations.
      if (sessionStorage.getItem('e2e-signed-in')) return;
      sessionStorage.setItem('e2e-signed-in', '1');
      localStorage.setItem('auth', JSON.stringify({ token, user, expiresAt: Date.now() + 7 * 86_400_000 }));
    },
    [member.token, { id: member.id, username: member.username }] as const,
  );
  return context.newPage();
}

/** Signs in through the login card, as a person would. */
export async function loginThroughForm(page: Page, email: string, password = PASSWORD) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).last().click();
}

/** Saves a screenshot as a test artifact (test-results/screenshots). */
export async function snap(page: Page, name: string) {
  await page.screenshot({ path: `test-results/screenshots/${name}.png`, fullPage: true });
}

/** Runs axe-core in the page and returns its serious and critical violations. */
export async function seriousA11yViolations(page: Page) {
  await page.addScriptTag({ path: require.resolve('axe-core/axe.min.js') });
  const result = await page.evaluate(async () => {
    // @ts-expect-error axe is injected above
    const r = await window.axe.run(document, { resultTypes: ['violations'] });
    return r.violations as { id: string; impact: string; help: string; nodes: { target: string[] }[] }[];
  });
  return result
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}
