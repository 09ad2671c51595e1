/**
 * POST /api/unsubscribe?token=: the one-click unsubscribe of RFC 8058, the URI of every notification's
 * List-Unsubscribe header, and what the /notifications/unsubscribe page posts. No sign-in: the signed token says
 * whose e-mail and which kind; each token works once (a second use is a 409, with nothing changed).
 */
import { NOTIFICATION_KIND_INFO } from '#shared/schemas/notifications';
import { NOTIFICATIONS_ROUTES } from '#shared/routes/notifications';
import { unsubscribeOnce } from '#data/notification-preferences';
import { BadRequestError } from '#lib/errors';
import { unsubscribeSecret } from '#lib/unsubscribe-secret';
import { verifyUnsubscribeToken } from '#lib/unsubscribe-token';
import { createHandler } from '#handler';

export const INVALID_LINK_MESSAGE = 'This unsubscribe link is not valid. Copy the whole link from the e-mail, or sign in and open Settings, Notifications.';
export const EXPIRED_LINK_MESSAGE = 'This unsubscribe link has expired. Sign in and open Settings, Notifications to change what RaceFinder sends you.';

export const handler = createHandler(NOTIFICATIONS_ROUTES.unsubscribe, async ({ query }) => {
  const verified = verifyUnsubscribeToken(query.token, await unsubscribeSecret(), new Date());
  if (!verified.ok) throw new BadRequestError(verified.reason === 'expired' ? EXPIRED_LINK_MESSAGE : INVALID_LINK_MESSAGE);
  const { sub, kind: scope, expires } = verified.payload;
  await unsubscribeOnce({ sub, scope, mac: verified.mac, expires });
  return { scope, label: scope === 'all' ? 'all optional e-mail' : NOTIFICATION_KIND_INFO[scope].label };
});
