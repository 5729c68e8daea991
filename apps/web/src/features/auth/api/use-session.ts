import type { LoginResult, RegisterInput, User } from '@gardenswap/shared';
import { api } from '../../../lib/api-client';

/** POST /auth/login the way the spec sends it: form-encoded, the e-mail in `username`. */
export function login(email: string, password: string) {
  return api<LoginResult>('/auth/login', {
    method: 'POST',
    body: new URLSearchParams({ username: email, password }),
  });
}

export function register(input: RegisterInput) {
  return api<User>('/auth/register', { method: 'POST', json: input });
}
