import { PUSH_TEXTS } from '@gardenswap/shared/push';
import { PWA_TEXTS } from '@gardenswap/shared/pwa-texts';
import { Share, X } from 'lucide-react';
import { type InstallOffer as Offer, dismissInstallOffer, promptInstall } from '../../../lib/install-prompt';
import '../pwa.css';

/**
 * Shown once the member has posted a first listing or sent a first message: "Install Gardenswap"
 * where the browser can install it, and on iOS Safari how to add it to the Home Screen (the only
 * way to get notifications there). "Not now" puts it away for good on this device.
 */
export default function InstallOfferCard({ offer }: { offer: Exclude<Offer, null> }) {
  if (offer === 'ios-hint') {
    return (
      <section className="banner install-offer" aria-label={PWA_TEXTS.installTitle}>
        <Share aria-hidden size={20} className="install-offer-icon" />
        <p className="install-offer-text">{PUSH_TEXTS.iosHint}</p>
        <button type="button" className="icon-button" onClick={dismissInstallOffer} aria-label={PWA_TEXTS.dismiss}>
          <X aria-hidden size={18} />
        </button>
      </section>
    );
  }
  return (
    <section className="banner install-offer" aria-labelledby="install-offer-title">
      <img src="/pwa-192x192.png" alt="" width={40} height={40} className="install-offer-icon" />
      <div className="install-offer-text">
        <p id="install-offer-title" className="install-offer-title">
          {PWA_TEXTS.installTitle}
        </p>
        <p>{PWA_TEXTS.installBody}</p>
        <div className="install-offer-actions">
          <button type="button" className="button button-primary" onClick={() => void promptInstall()}>
            {PWA_TEXTS.install}
          </button>
          <button type="button" className="button button-ghost" onClick={dismissInstallOffer}>
            {PWA_TEXTS.notNow}
          </button>
        </div>
      </div>
    </section>
  );
}
