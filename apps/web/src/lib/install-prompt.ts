import { useSyncExternalStore } from 'react';
import { isStandalone, needsHomeScreen } from './platform';

/** Chromium's offer to install the site, kept for a moment that makes sense (not in TypeScript's DOM types). */
interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

/** When the member first posted a listing or sent a message on this device: from then on, the offer may show. */
const MOMENT = 'gardenswap.installMoment';
/** The member declined the offer (or installed): it does not come back. */
const DISMISSED = 'gardenswap.installOfferDismissed';

let deferred: BeforeInstallPromptEvent | null = null;
const subscribers = new Set<() => void>();
const notify = () => subscribers.forEach((s) => s());

/**
 * Keeps the browser's install offer instead of letting it show at once (the mini-infobar of a
 * first visit). Called first thing, since the browser may offer it before any page has loaded.
 */
export function captureInstallPrompt() {
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    deferred = event as BeforeInstallPromptEvent;
    notify();
  });
  window.addEventListener('appinstalled', () => {
    deferred = null;
    localStorage.setItem(DISMISSED, 'installed');
    notify();
  });
}

/** The member posted their first listing or sent their first message: the moment to offer the app. */
export function noteInstallMoment(what: 'listing' | 'message') {
  if (localStorage.getItem(MOMENT)) return;
  localStorage.setItem(MOMENT, what);
  notify();
}

/** "Not now": the offer stays away on this device. */
export function dismissInstallOffer() {
  localStorage.setItem(DISMISSED, 'dismissed');
  notify();
}

/** Shows the browser's install dialog; the offer goes away whatever the member chose there. */
export async function promptInstall() {
  const event = deferred;
  deferred = null;
  if (!event) return;
  try {
    await event.prompt();
    const { outcome } = await event.userChoice;
    localStorage.setItem(DISMISSED, outcome === 'accepted' ? 'installed' : 'dismissed');
  } catch {
    // The browser would not show its dialog (it shows it once per offer): the next offer may.
  }
  notify();
}

/** What to offer now: the browser's install dialog, the iOS "Add to Home Screen" hint, or nothing. */
export type InstallOffer = 'install' | 'ios-hint' | null;

function currentOffer(): InstallOffer {
  if (!localStorage.getItem(MOMENT) || localStorage.getItem(DISMISSED) || isStandalone()) return null;
  if (deferred) return 'install';
  return needsHomeScreen() ? 'ios-hint' : null;
}

function subscribe(notifyMe: () => void) {
  subscribers.add(notifyMe);
  // Another tab posted the first listing, or dismissed the offer.
  window.addEventListener('storage', notifyMe);
  return () => {
    subscribers.delete(notifyMe);
    window.removeEventListener('storage', notifyMe);
  };
}

/** The install offer to show, once the moment has come and until it is dismissed or the app installed. */
export function useInstallOffer(): InstallOffer {
  return useSyncExternalStore(subscribe, currentOffer, () => null);
}
