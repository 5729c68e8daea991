/**
 * Where a guest was going when the sign-in guard stopped them (a shared listing, a QR code,
 * an e-mail link). Kept for the tab's session so it survives the onboarding steps of a new member.
 */
const KEY = 'gardenswap.returnTo';

export function rememberReturnTo(path: string) {
  // Signing out on purpose is not "being stopped on the way somewhere".
  if (sessionStorage.getItem(SIGNED_OUT) === '1') return;
  if (path.startsWith('/') && !path.startsWith('//') && !path.startsWith('/login')) {
    sessionStorage.setItem(KEY, path);
  }
}

/** The remembered destination, once: reading it forgets it. */
export function takeReturnTo(): string | undefined {
  const path = sessionStorage.getItem(KEY) ?? undefined;
  sessionStorage.removeItem(KEY);
  return path;
}

export function peekReturnTo(): string | undefined {
  return sessionStorage.getItem(KEY) ?? undefined;
}

/** The "registration flag" of the spec: a member who just registered goes through onboarding. */
const JUST_REGISTERED = 'gardenswap.justRegistered';
export const markJustRegistered = () => sessionStorage.setItem(JUST_REGISTERED, '1');
export const clearJustRegistered = () => sessionStorage.removeItem(JUST_REGISTERED);
export const isJustRegistered = () => sessionStorage.getItem(JUST_REGISTERED) === '1';

/** Set when the member signs out on purpose, cleared when they sign in again. */
const SIGNED_OUT = 'gardenswap.signedOut';
export const markSignedOut = () => sessionStorage.setItem(SIGNED_OUT, '1');
export const clearSignedOut = () => sessionStorage.removeItem(SIGNED_OUT);
