import { clearAuth, readAuth } from './auth-storage';

/** Every non-2xx answer, rebuilt from the server's one error body. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly detail: string,
    readonly errors: { field: string; message: string }[] = [],
  ) {
    super(detail || `Request failed (${status})`);
  }
}

/**
 * A fresh Idempotency-Key: 128 random bits. `crypto.randomUUID` exists only on https and
 * localhost, and the app is also opened over a home network's plain http.
 */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** Fired when the server refuses the stored session: the app signs out and goes to /login. */
export const UNAUTHORIZED_EVENT = 'gardenswap:unauthorized';

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  /** A JSON body. */
  json?: unknown;
  /** A multipart or url-encoded body, sent as is. */
  body?: FormData | URLSearchParams;
  query?: Record<string, string | number | boolean | undefined | null>;
  signal?: AbortSignal;
}

export function buildUrl(path: string, query?: RequestOptions['query']) {
  const url = path.startsWith('/api/') ? path : `/api${path}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `${url}${url.includes('?') ? '&' : '?'}${search}` : url;
}

function authHeader(): Record<string, string> {
  const auth = readAuth();
  return auth ? { authorization: `Bearer ${auth.token}` } : {};
}

async function errorFrom(response: Response): Promise<ApiError> {
  let body: { detail?: unknown; code?: unknown; errors?: unknown } = {};
  try {
    body = await response.json();
  } catch {
    // Not our error body (a proxy's page, say): fall back to the status text.
  }
  // No detail of ours: leave it empty, so each screen shows its own fallback text.
  const detail = typeof body.detail === 'string' ? body.detail : '';
  const code = typeof body.code === 'string' ? body.code : 'HTTP_ERROR';
  const errors = Array.isArray(body.errors) ? (body.errors as ApiError['errors']) : [];
  return new ApiError(response.status, code, detail, errors);
}

function signOutOn401(status: number, hadToken: boolean) {
  if (status === 401 && hadToken) {
    clearAuth();
    window.dispatchEvent(new Event(UNAUTHORIZED_EVENT));
  }
}

/** Sends a request to the API and returns the raw response once it is known to be a success. */
export async function apiResponse(path: string, options: RequestOptions = {}): Promise<Response> {
  const headers: Record<string, string> = { accept: 'application/json', ...authHeader() };
  let body: BodyInit | undefined = options.body;
  if (options.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.json);
  }
  let response: Response;
  try {
    response = await fetch(buildUrl(path, options.query), {
      method: options.method ?? 'GET',
      headers,
      body,
      signal: options.signal,
    });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiError(0, 'NETWORK', 'Could not reach Gardenswap. Check your connection and try again.');
  }
  if (!response.ok) {
    signOutOn401(response.status, 'authorization' in headers);
    throw await errorFrom(response);
  }
  return response;
}

/** A JSON call; 204 answers resolve to undefined. */
export async function api<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const response = await apiResponse(path, options);
  if (response.status === 204) return undefined as T;
  return (await response.json()) as T;
}

/** One page of a list call and the URL of the next page from its `Link: <…>; rel="next"` header. */
export async function apiPage<T>(path: string, options: RequestOptions = {}): Promise<{ items: T[]; next?: string }> {
  const response = await apiResponse(path, options);
  const link = response.headers.get('link') ?? '';
  const next = /<([^>]+)>;\s*rel="next"/.exec(link)?.[1];
  return { items: (await response.json()) as T[], next };
}

/**
 * A multipart upload that reports progress (fetch cannot), for photos.
 * `onProgress` gets a fraction from 0 to 1.
 */
export function apiUpload<T>(
  path: string,
  form: FormData,
  options: {
    method?: 'POST' | 'PUT' | 'PATCH';
    onProgress?: (fraction: number) => void;
    /** Makes a retry of the same upload answer the first one's result instead of acting twice. */
    idempotencyKey?: string;
  } = {},
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(options.method ?? 'POST', buildUrl(path));
    const headers: Record<string, string> = {
      ...authHeader(),
      ...(options.idempotencyKey ? { 'idempotency-key': options.idempotencyKey } : {}),
    };
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.setRequestHeader('accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) options.onProgress?.(event.loaded / event.total);
    };
    xhr.onerror = () =>
      reject(new ApiError(0, 'NETWORK', 'Could not reach Gardenswap. Check your connection and try again.'));
    xhr.onload = async () => {
      const response = new Response(xhr.status === 204 ? null : xhr.responseText, {
        status: xhr.status,
        statusText: xhr.statusText,
      });
      if (!response.ok) {
        signOutOn401(response.status, 'authorization' in headers);
        reject(await errorFrom(response));
        return;
      }
      options.onProgress?.(1);
      resolve((xhr.status === 204 ? undefined : JSON.parse(xhr.responseText)) as T);
    };
    xhr.send(form);
  });
}

/** Where the browser fetches a stored image: http URLs as they are, paths under /api/ (spec §7). */
export function imageUrl(path: string | null | undefined): string | undefined {
  if (!path) return undefined;
  return /^https?:\/\//.test(path) ? path : `/api/${path.replace(/^\/+/, '')}`;
}

/** The text to show for a failed call: the server's detail, else the error's message, else the spec's fallback. */
export function errorText(error: unknown, fallback = 'An error occurred'): string {
  if (error instanceof ApiError) return error.detail || fallback;
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}
