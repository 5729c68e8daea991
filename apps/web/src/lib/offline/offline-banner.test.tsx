import 'fake-indexeddb/auto';
import { OFFLINE_TEXTS } from '@gardenswap/shared/offline-texts';
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Loading } from '../../components/feedback';
import { AuthProvider } from '../auth-context';
import { clearAuth, writeAuth } from '../auth-storage';
import { reportAnswer, reportNoAnswer } from './connectivity';
import { addToOutbox, failEntry, forgetOutbox } from './outbox';
import { OfflineBanner } from './offline-banner';

const ME = 3;

const goOffline = () => {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
  act(() => window.dispatchEvent(new Event('offline')));
};

afterEach(async () => {
  vi.restoreAllMocks();
  window.dispatchEvent(new Event('online'));
  reportAnswer();
  clearAuth();
  await forgetOutbox(null);
});

const renderBanner = () =>
  render(
    <AuthProvider>
      <OfflineBanner />
    </AuthProvider>,
  );

describe('the offline banner', () => {
  it('says nothing while the app is online', () => {
    renderBanner();
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });

  it('says the app is offline and how many messages and listings wait to be sent', async () => {
    writeAuth('token', { id: ME, username: 'ines' });
    await addToOutbox(ME, 'message', { content: 'one' });
    await addToOutbox(ME, 'listing', { title: 'two' });
    const refused = await addToOutbox(ME, 'message', { content: 'refused' });
    await failEntry(ME, refused.id, 'No.');
    renderBanner();
    goOffline();
    expect(screen.getByRole('status')).toHaveTextContent(OFFLINE_TEXTS.banner);
    expect(await screen.findByText(`· ${OFFLINE_TEXTS.waitingCount(2)}`, { exact: false })).toBeInTheDocument();

    act(() => {
      vi.restoreAllMocks();
      window.dispatchEvent(new Event('online'));
    });
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });

  it('shows while requests get no answer though the browser is online, until one does', () => {
    renderBanner();
    act(() => reportNoAnswer());
    expect(screen.getByRole('status')).toHaveTextContent(OFFLINE_TEXTS.banner);
    act(() => reportAnswer());
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });
});

describe('a screen with nothing kept, offline', () => {
  it('says it needs a connection instead of loading for ever', () => {
    render(<Loading />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    goOffline();
    expect(screen.getByRole('status')).toHaveTextContent(OFFLINE_TEXTS.needsConnection);
  });
});
