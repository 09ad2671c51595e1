/** POST /api/events/{id}/beacon: one view or registration click, counted unless a bot's, a repeat or the owner's own. */
import { ANALYTICS_ROUTES } from '#shared/routes/analytics';
import { countBeacon } from '#data/event-analytics';
import { getVisibleEvent } from '#data/event-visibility';
import { createHandler } from '#handler';

export const handler = createHandler(ANALYTICS_ROUTES.recordBeacon, async ({ path, body, caller, headers }) => {
  // Only events the visitor may see are counted (no counters for ids that name nothing).
  const event = await getVisibleEvent(path.id, caller);
  // An organizer looking at their own event is not an audience.
  if (caller && event.organizerId === caller.sub) return { outcome: 'owner' as const };
  // The client's address as the edge recorded it (the first X-Forwarded-For entry); it is only hashed, with a daily salt.
  const ip = headers['x-forwarded-for']?.split(',')[0]?.trim();
  const { outcome } = await countBeacon(path.id, body.kind, { ...(caller ? { sub: caller.sub } : {}), ...(ip ? { ip } : {}), ...(headers['user-agent'] ? { userAgent: headers['user-agent'] } : {}) });
  return { outcome };
});
