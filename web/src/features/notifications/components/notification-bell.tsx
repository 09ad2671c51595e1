/**
 * The header's bell (signed in): a link to the inbox with the unread count on it. Its own lazy chunk, so a
 * visitor's first load carries none of it; the count is asked for every minute and when the tab comes back.
 */
import { Link } from 'react-router-dom';
import { Icon } from '../../../components/icons.tsx';
import { useUnreadCount } from '../api/use-inbox.ts';
import './notification-bell.css';

/** More than this shows as "99+": the badge stays one small circle. */
const MAX_SHOWN = 99;

export default function NotificationBell() {
  const unread = useUnreadCount();
  const count = unread.data ?? 0;
  const label = count > 0 ? `Notifications, ${count} unread` : 'Notifications';
  return (
    <Link to="/notifications" className="notification-bell" aria-label={label} title={label}>
      <Icon size={20}>
        <path d="M6 8a6 6 0 0112 0c0 7 3 9 3 9H3s3-2 3-9" />
        <path d="M10.3 21a1.94 1.94 0 003.4 0" />
      </Icon>
      {count > 0 ? (
        <span className="notification-bell__count" aria-hidden="true">
          {count > MAX_SHOWN ? `${MAX_SHOWN}+` : count}
        </span>
      ) : null}
    </Link>
  );
}
