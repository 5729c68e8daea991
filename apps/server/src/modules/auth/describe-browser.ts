import { SESSION_TEXTS } from '@gardenswap/shared';
import Bowser from 'bowser';

/**
 * "Firefox on Windows", "Safari on iOS": what a member recognises of a browser, read from its
 * User-Agent header; "Unknown browser" when it names none.
 */
export function describeBrowser(userAgent: string | null | undefined): string {
  // Bowser refuses an empty user agent.
  const parser = userAgent?.trim() ? Bowser.getParser(userAgent) : undefined;
  const browser = parser?.getBrowserName() || SESSION_TEXTS.unknownBrowser;
  const system = parser?.getOSName();
  return system ? `${browser} on ${system}` : browser;
}
