import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { CATEGORIES, LISTING_TYPES } from '@gardenswap/shared';
import sharp from 'sharp';

/** What the drills do as members of a running server, over real HTTP. */

export const PASSWORD = 'correct horse 42';

export interface Member {
  id: number;
  token: string;
}

export interface Answer {
  status: number;
  body: unknown;
  headers: Record<string, string | string[] | undefined>;
}

/** A JSON request; status 0 when the connection failed, with the reason as the body. */
export async function call(url: string, method: string, path: string, member?: Member, body?: unknown) {
  try {
    const res = await fetch(`${url}${path}`, {
      method,
      headers: {
        ...(member ? { authorization: `Bearer ${member.token}` } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(15_000),
    });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // Kept as text: the assertion shows it.
    }
    return { status: res.status, body: parsed, headers: Object.fromEntries(res.headers) } satisfies Answer;
  } catch (error) {
    return { status: 0, body: String(error), headers: {} } satisfies Answer;
  }
}

/** Registers and signs in a new member. */
export async function register(url: string, name: string): Promise<Member> {
  const email = `${name}-${randomBytes(4).toString('hex')}@example.com`;
  const created = await call(url, 'POST', '/api/auth/register', undefined, {
    email,
    password: PASSWORD,
    first_name: name,
    last_name: 'Gardener',
    username: `${name}_${randomBytes(3).toString('hex')}`,
  });
  if (created.status !== 201) throw new Error(`register answered ${created.status}: ${JSON.stringify(created.body)}`);
  const login = await call(url, 'POST', '/api/auth/login', undefined, { username: email, password: PASSWORD });
  if (login.status !== 200) throw new Error(`login answered ${login.status}: ${JSON.stringify(login.body)}`);
  return { id: (created.body as { id: number }).id, token: (login.body as { access_token: string }).access_token };
}

/** A photo as a phone would send it: a PNG of noise, so it does not compress to nothing. */
export function photo(width = 160, height = 120): Promise<Buffer> {
  return sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
}

/** The multipart body of a new listing with its photo. */
function listingForm(title: string, image: Buffer) {
  const boundary = `----gardenswap${randomBytes(8).toString('hex')}`;
  const field = (name: string, value: string) =>
    `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  const head = Buffer.from(
    field('title', title) +
      field('type_id', String(LISTING_TYPES.giveaway)) +
      field('category_id', String(CATEGORIES.plants)) +
      `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="photo.png"\r\n` +
      'Content-Type: image/png\r\n\r\n',
  );
  return { boundary, body: Buffer.concat([head, image, Buffer.from(`\r\n--${boundary}--\r\n`)]) };
}

export interface SlowUpload {
  /** Resolves once the headers and the first half of the body are on their way. */
  started: Promise<void>;
  /** Sends the rest of the body. */
  finish(): void;
  /** The answer; status 0 if the connection was reset or closed without one. */
  answer: Promise<Answer>;
}

/**
 * A new listing with a photo, uploaded in two halves on a connection of its own: between
 * `started` and `finish()` the request is in flight, its body half arrived.
 */
export function slowUpload(url: string, member: Member, image: Buffer, title = 'Tomato seedlings'): SlowUpload {
  const { boundary, body } = listingForm(title, image);
  const half = Math.floor(body.length / 2);
  const request = http.request(`${url}/api/listings/`, {
    method: 'POST',
    agent: false,
    headers: {
      authorization: `Bearer ${member.token}`,
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'content-length': String(body.length),
    },
  });
  const answer = new Promise<Answer>((resolve) => {
    request.on('response', (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => {
        let parsed: unknown = text;
        try {
          parsed = JSON.parse(text);
        } catch {
          // Kept as text.
        }
        resolve({ status: res.statusCode ?? 0, body: parsed, headers: res.headers });
      });
      res.on('error', (error) => resolve({ status: 0, body: String(error), headers: {} }));
    });
    request.on('error', (error) => resolve({ status: 0, body: String(error), headers: {} }));
  });
  request.flushHeaders();
  const started = new Promise<void>((resolve) => request.write(body.subarray(0, half), () => resolve()));
  return { started, finish: () => request.end(body.subarray(half)), answer };
}
