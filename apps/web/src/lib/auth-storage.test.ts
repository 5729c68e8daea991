import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, UNAUTHORIZED_EVENT, api, apiPage } from './api-client';
import { clearAuth, readAuth, writeAuth } from './auth-storage';

beforeEach(() => localStorage.clear());

describe('stored session', () => {
  it('keeps {token, user, expiresAt} under "auth" for 7 days', () => {
    writeAuth('tok', { id: 1, username: 'rosa' }, 1_000);
    expect(JSON.parse(localStorage.getItem('auth')!)).toEqual({
      token: 'tok',
      user: { id: 1, username: 'rosa' },
      expiresAt: 1_000 + 604_800_000,
    });
    expect(readAuth(2_000)?.token).toBe('tok');
  });

  it('removes an expired or unreadable session when read', () => {
    writeAuth('tok', { id: 1, username: 'rosa' }, 0);
    expect(readAuth(604_800_001)).toBeNull();
    expect(localStorage.getItem('auth')).toBeNull();
    localStorage.setItem('auth', '{nope');
    expect(readAuth()).toBeNull();
    expect(localStorage.getItem('auth')).toBeNull();
  });
});

describe('api client', () => {
  it('sends the bearer token and turns the error body into an ApiError', async () => {
    writeAuth('tok', { id: 1, username: 'rosa' });
    const fetch = vi
      .spyOn(globalThis, 'fetch')
      .mockResolvedValue(
        new Response(JSON.stringify({ detail: 'Listing not found', code: 'NOT_FOUND' }), { status: 404 }),
      );
    const failure = await api('/listings/9').catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ status: 404, code: 'NOT_FOUND', detail: 'Listing not found' });
    expect((fetch.mock.calls[0]![1]!.headers as Record<string, string>).authorization).toBe('Bearer tok');
  });

  it('removes the session and announces it on any 401', async () => {
    writeAuth('tok', { id: 1, username: 'rosa' });
    const heard = vi.fn();
    window.addEventListener(UNAUTHORIZED_EVENT, heard);
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      new Response(JSON.stringify({ detail: 'x', code: 'UNAUTHORIZED' }), { status: 401 }),
    );
    await expect(api('/auth/profile')).rejects.toBeInstanceOf(ApiError);
    expect(localStorage.getItem('auth')).toBeNull();
    expect(heard).toHaveBeenCalledOnce();
    window.removeEventListener(UNAUTHORIZED_EVENT, heard);
    clearAuth();
  });

  it('reads the next page from the Link header', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      new Response('[{"id":3}]', {
        status: 200,
        headers: { link: '</api/listings/?public=true&cursor=abc>; rel="next"' },
      }),
    );
    const page = await apiPage<{ id: number }>('/listings/', { query: { public: true } });
    expect(page).toEqual({ items: [{ id: 3 }], next: '/api/listings/?public=true&cursor=abc' });
  });
});
