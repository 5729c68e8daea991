import { Bell } from 'lucide-react';
import { NavLink } from 'react-router';
import { useLiveNotifications } from '../api/use-live-notifications';
import { useUnreadCount } from '../api/use-unread-count';
import '../notifications.css';

/** The header's bell: the unread count, live, and the way to the notifications page. */
export function NotificationBell() {
  useLiveNotifications();
  const unread = useUnreadCount();
  const count = unread.data ?? 0;
  const label = count > 0 ? `Notifications, ${count} unread` : 'Notifications';
  return (
    <NavLink
      to="/notifications"
      className={({ isActive }) => `notification-bell${isActive ? ' notification-bell-active' : ''}`}
      aria-label={label}
      title={label}
    >
      <Bell aria-hidden size={22} />
      {count > 0 && (
        <span className="count-badge notification-bell-count" aria-hidden>
          {count > 99 ? '99+' : count}
        </span>
      )}
    </NavLink>
  );
}
