/**
 * GET /api/calendar-feeds/{token}/training-plan.ics: the athlete's active plan for their calendar app, in their
 * unit. A feed that is off (or a token never issued) is a 404; no plan yet is a valid, empty calendar, so a
 * subscription made before starting a plan fills in when one starts.
 */
import { buildCalendar } from '#shared/ics';
import { CALENDAR_FEEDS_ROUTES } from '#shared/routes/calendar-feeds';
import { planCalendarEvents } from '#shared/training/plan-calendar';
import { calendarFeedOwner } from '#data/calendar-feed';
import { getProfile } from '#data/profile';
import { activePlanForCalendar } from '#data/training-plan';
import { createHandler } from '#handler';

/** Calendar apps are asked to fetch again every few hours: a completed workout or an accepted change shows the same day. */
const REFRESH_HOURS = 6;

export const handler = createHandler(CALENDAR_FEEDS_ROUTES.getTrainingPlanFeed, async ({ path }) => {
  const sub = await calendarFeedOwner(path.token, 'training-plan');
  const [profile, active] = await Promise.all([getProfile(sub), activePlanForCalendar(sub)]);
  return buildCalendar({
    name: active ? `RaceFinder: ${active.name}` : 'RaceFinder training plan',
    events: active ? planCalendarEvents(active, profile?.units ?? 'km') : [],
    now: new Date(),
    refreshHours: REFRESH_HOURS,
    prodId: 'Training Plan',
  });
});
