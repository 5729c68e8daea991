/** An iPhone or iPad, in any browser there (iPadOS names itself a Mac, but has a touch screen). */
export function isIos(): boolean {
  return (
    /iPhone|iPad|iPod/.test(navigator.userAgent) || (navigator.platform === 'MacIntel' && navigator.maxTouchPoints > 1)
  );
}

/** Opened as the installed app (from the home screen), not in a browser tab. */
export function isStandalone(): boolean {
  return (
    window.matchMedia('(display-mode: standalone)').matches ||
    (navigator as Navigator & { standalone?: boolean }).standalone === true
  );
}

/** iOS lets only an app added to the Home Screen install itself or receive notifications. */
export const needsHomeScreen = () => isIos() && !isStandalone();
