import { CalendarDays, List, MessageCircle, ShieldCheck, Store, User } from 'lucide-react';
import { Suspense, lazy } from 'react';
import { Link, NavLink, Outlet } from 'react-router';
import { Loading } from '../components/feedback';
import { Logo } from '../components/logo';
import { useInstallOffer } from '../lib/install-prompt';
import { OfflineBanner } from '../lib/offline/offline-banner';
import { useSocketSession } from '../lib/socket';
import { MessagesUnreadBadge } from '../features/messages/components/messages-unread-badge';
import { NotificationBell } from '../features/notifications/components/notification-bell';
import { ConfirmEmailBanner } from '../features/profile/components/confirm-email-banner';
import { useProfile } from '../features/profile/api/use-profile';
import { useTimeZoneSync } from '../features/profile/api/use-time-zone-sync';
import { useLiveTrades } from '../features/trade/api/use-live-trades';
import { useOutboxSender } from './outbox-sender';

const NAV = [
  { to: '/my-listings', label: 'my lists', icon: List },
  { to: '/messages', label: 'message', icon: MessageCircle },
  { to: '/listings', label: 'marketplace', icon: Store },
  { to: '/profile', label: 'Profile', icon: User },
];

/** The bottom navigation of the spec on phones; the same links sit in the header on wider screens. */
function MainNav({ className }: { className: string }) {
  return (
    <nav className={className} aria-label="Main">
      {NAV.map(({ to, label, icon: Icon }) => (
        <NavLink key={to} to={to} className={({ isActive }) => `nav-item${isActive ? ' nav-item-active' : ''}`}>
          <Icon aria-hidden size={22} />
          <span>{label}</span>
          {to === '/messages' && <MessagesUnreadBadge />}
        </NavLink>
      ))}
      {className === 'top-nav' && (
        <>
          <EventsNavItem />
          <ModerationNavItem />
        </>
      )}
    </nav>
  );
}

/** Seed swap events, in the header on wide screens (on phones the profile and the marketplace lead there). */
function EventsNavItem() {
  return (
    <NavLink to="/events" className={({ isActive }) => `nav-item${isActive ? ' nav-item-active' : ''}`}>
      <CalendarDays aria-hidden size={22} />
      <span>events</span>
    </NavLink>
  );
}

/** Moderators only, in the header on wide screens (on phones it sits on the profile, keeping the spec's four tabs). */
function ModerationNavItem() {
  const profile = useProfile();
  if (!profile.data?.is_moderator) return null;
  return (
    <NavLink to="/moderation" className={({ isActive }) => `nav-item${isActive ? ' nav-item-active' : ''}`}>
      <ShieldCheck aria-hidden size={22} />
      <span>moderation</span>
    </NavLink>
  );
}

// Loaded only once the moment has come: the marketplace's first paint does not carry it.
const InstallOfferCard = lazy(() => import('../features/pwa/components/install-offer'));

/** The offer to install the app (or, on iOS, to add it to the Home Screen), after a first listing or message. */
function InstallOffer() {
  const offer = useInstallOffer();
  if (!offer) return null;
  return (
    <Suspense fallback={null}>
      <InstallOfferCard offer={offer} />
    </Suspense>
  );
}

/** Signed-in pages: header with the logo (and the links on desktop), bottom navigation on phones. */
/** Loaded with the first signed-in page, so the public home page does not carry it. */
export default function AppLayout() {
  // One live connection for the whole signed-in session, so messages arrive on every screen.
  useSocketSession();
  // A trade step on the other side refreshes the listing and trade screens, whichever is open.
  useLiveTrades();
  // What the member wrote offline goes out once the connection is back, whichever page is open.
  useOutboxSender();
  // Pickup times in e-mails are written in the zone the member's browser last reported.
  useTimeZoneSync();
  return (
    <div className="app-shell">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="app-header">
        <Link to="/listings" className="brand" aria-label="Gardenswap marketplace">
          <Logo />
        </Link>
        {/* The bell stays in the header on every size, so the spec's four bottom-nav items stay four. */}
        <div className="header-end">
          <MainNav className="top-nav" />
          <NotificationBell />
        </div>
      </header>
      <main id="main" className="app-main">
        <OfflineBanner />
        <ConfirmEmailBanner />
        <InstallOffer />
        <Suspense fallback={<Loading />}>
          <Outlet />
        </Suspense>
      </main>
      <MainNav className="bottom-nav" />
    </div>
  );
}
