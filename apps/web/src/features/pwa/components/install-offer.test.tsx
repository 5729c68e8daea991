import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { captureInstallPrompt, noteInstallMoment, useInstallOffer } from '../../../lib/install-prompt';
import InstallOfferCard from './install-offer';

captureInstallPrompt();

/** What the signed-in layout does: the card, when there is an offer. */
function Shell() {
  const offer = useInstallOffer();
  return offer ? <InstallOfferCard offer={offer} /> : <p>No offer</p>;
}

/** Chromium offers to install the site; the member's answer in its dialog is `outcome`. */
function browserOffers(outcome: 'accepted' | 'dismissed' = 'accepted') {
  const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
    prompt: vi.fn(async () => undefined),
    userChoice: Promise.resolve({ outcome }),
  });
  act(() => void window.dispatchEvent(event));
  return event;
}

beforeEach(() => localStorage.clear());
afterEach(() => {
  // Forget the kept offer, as installing the app does.
  act(() => void window.dispatchEvent(new Event('appinstalled')));
  localStorage.clear();
});

describe('the offer to install Gardenswap', () => {
  it('is kept from the browser, and not shown before a first listing or message', () => {
    const event = browserOffers();
    expect(event.defaultPrevented).toBe(true);
    render(<Shell />);
    expect(screen.getByText('No offer')).toBeInTheDocument();
  });

  it('shows after the first listing, opens the browser’s dialog on Install, and does not come back', async () => {
    const event = browserOffers('accepted');
    render(<Shell />);
    act(() => noteInstallMoment('listing'));
    const offer = await screen.findByRole('region', { name: 'Install Gardenswap' });
    expect(offer).toHaveTextContent('Open it from your home screen like any app');
    await userEvent.click(screen.getByRole('button', { name: 'Install' }));
    expect(event.prompt).toHaveBeenCalledOnce();
    expect(await screen.findByText('No offer')).toBeInTheDocument();
    act(() => noteInstallMoment('message'));
    browserOffers();
    expect(screen.getByText('No offer')).toBeInTheDocument();
  });

  it('goes away for good on "Not now"', async () => {
    browserOffers();
    render(<Shell />);
    act(() => noteInstallMoment('message'));
    await userEvent.click(await screen.findByRole('button', { name: 'Not now' }));
    expect(screen.getByText('No offer')).toBeInTheDocument();
    browserOffers();
    expect(screen.getByText('No offer')).toBeInTheDocument();
  });

  it('on an iPhone, says how to add it to the Home Screen instead, once the moment has come', async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.5 Mobile/15E148 Safari/604.1',
    );
    render(<Shell />);
    expect(screen.getByText('No offer')).toBeInTheDocument();
    act(() => noteInstallMoment('listing'));
    expect(await screen.findByRole('region', { name: 'Install Gardenswap' })).toHaveTextContent(
      'Add Gardenswap to your Home Screen to get notifications: tap Share, then “Add to Home Screen”.',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.getByText('No offer')).toBeInTheDocument();
  });

  it('is not shown in the installed app', () => {
    vi.spyOn(window, 'matchMedia').mockImplementation(
      (query) => ({ matches: query === '(display-mode: standalone)', media: query }) as MediaQueryList,
    );
    browserOffers();
    noteInstallMoment('listing');
    render(<Shell />);
    expect(screen.getByText('No offer')).toBeInTheDocument();
  });
});
