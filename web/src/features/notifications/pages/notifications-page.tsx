/**
 * /notifications (signed in): the inbox, newest first. Each item says what happened and links to what it is
 * about; following it marks it read. "Mark all as read" clears the bell in one request; older items load 20 at a
 * time. The settings page is one link away, since the inbox is where people decide they get too much.
 */
import { Link } from 'react-router-dom';
import type { InboxItem } from '#shared/schemas/inbox';
import { Alert } from '../../../components/alert.tsx';
import { Button, ButtonLink } from '../../../components/button.tsx';
import { LoadErrorPanel } from '../../../components/load-error-panel.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import type { PageGate } from '../../../components/role-gate.tsx';
import { LoadingBlock } from '../../../components/spinner.tsx';
import { useDocumentTitle } from '../../../components/use-document-title.ts';
import { errorMessage } from '../../../lib/api-error.ts';
import { useInbox, useMarkRead } from '../api/use-inbox.ts';
import './notifications-page.css';

export const gate: PageGate = {
  signInText:
    'Sign in to see your notifications: decisions about your applications and claims, changes to races you saved and new races for your searches.',
  loadingLabel: 'Loading your notifications',
};

const WHEN = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

function InboxRow({ item, onOpen }: { item: InboxItem; onOpen(item: InboxItem): void }) {
  return (
    <li className={`inbox__item${item.read ? '' : ' inbox__item--unread'}`}>
      {/* The router's link: a new tab opens it as usual; following it marks the item read on the way. */}
      <Link className="inbox__link" to={item.path} onClick={() => onOpen(item)}>
        <span className="inbox__title">
          {item.read ? null : <span className="inbox__dot" aria-label="Unread" role="img" />}
          {item.title}
        </span>
        <span className="inbox__summary">{item.summary}</span>
        <span className="inbox__meta">
          <time dateTime={item.createdAt}>{WHEN.format(new Date(item.createdAt))}</time>
          <span aria-hidden="true"> · </span>
          <span className="inbox__action">{item.actionLabel}</span>
        </span>
      </Link>
    </li>
  );
}

export default function NotificationsPage() {
  useDocumentTitle('Notifications');
  const inbox = useInbox();
  const markRead = useMarkRead();
  const items = inbox.data?.pages.flatMap((page) => page.items) ?? [];
  // Read before the states below narrow `inbox`: a failed "older" page leaves the list as it was.
  const olderError = inbox.isFetchNextPageError ? inbox.error : undefined;
  const unread = inbox.data?.pages[0]?.unreadCount ?? 0;

  const open = (item: InboxItem) => {
    if (!item.read) markRead.mutate({ ids: [item.id] });
  };

  let body;
  if (inbox.isPending) body = <LoadingBlock label="Loading your notifications" />;
  else if (inbox.isError) body = <LoadErrorPanel title="Your notifications could not load" error={inbox.error} retry={() => void inbox.refetch()} />;
  else if (items.length === 0) {
    body = (
      <div className="state-panel">
        <p className="state-panel__title">No notifications yet</p>
        <p className="state-panel__text">
          When an application or claim of yours is decided, a race you saved changes, or a new race matches a search you saved, it shows up here.
        </p>
        <ButtonLink to="/events" variant="primary">
          Find races to save
        </ButtonLink>
      </div>
    );
  } else {
    body = (
      <>
        <ul className="inbox" aria-label="Notifications, newest first">
          {items.map((item) => (
            <InboxRow key={item.id} item={item} onOpen={open} />
          ))}
        </ul>
        {inbox.hasNextPage ? (
          <div className="inbox__more">
            <Button onClick={() => void inbox.fetchNextPage()} disabled={inbox.isFetchingNextPage}>
              {inbox.isFetchingNextPage ? 'Loading…' : 'Show older notifications'}
            </Button>
          </div>
        ) : null}
        {olderError ? (
          <Alert tone="error" title="Older notifications could not load">
            <p>{errorMessage(olderError)} Press the button to try again.</p>
          </Alert>
        ) : null}
      </>
    );
  }

  return (
    <>
      <PageHeader
        title="Notifications"
        lede={unread > 0 ? `${unread} unread` : 'You are all caught up.'}
        actions={
          <>
            {unread > 0 ? (
              <Button onClick={() => markRead.mutate({ all: true })} disabled={markRead.isPending}>
                Mark all as read
              </Button>
            ) : null}
            <ButtonLink to="/settings/notifications">Notification settings</ButtonLink>
          </>
        }
      />
      <div className="container notifications-page">
        {markRead.isError ? (
          <Alert tone="error" title="Could not mark as read">
            <p>{errorMessage(markRead.error)} Nothing was lost: press Mark all as read, or open the notification, to try again.</p>
          </Alert>
        ) : null}
        {body}
      </div>
    </>
  );
}
