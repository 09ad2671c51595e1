/**
 * What /calendar shows, held in its URL so a calendar can be shared, bookmarked and gone back to: the month,
 * the filters (state, type, distance: the public feed's filters, named as on /events), the view, and the tab.
 * Invalid or empty values are dropped, and the month defaults to the current one in New York.
 */
import { DISTANCE_CATEGORIES, EVENT_TYPES } from '#shared/event-vocabulary';
import { RACE_FEED_FILTER_KEYS, type RaceFeedFilters } from '#shared/race-calendar';
import { isStateCode } from '#shared/us-states';
import { isMonthKey, monthOf, type MonthKey } from './month-grid.ts';

export type CalendarView = 'month' | 'agenda';
export type CalendarTab = 'all' | 'mine';

export interface CalendarParams {
  readonly month: MonthKey;
  readonly filters: RaceFeedFilters;
  /** Absent: the default for the screen (agenda on phones, the month grid elsewhere). */
  readonly view?: CalendarView;
  readonly tab: CalendarTab;
}

const isOneOf = <T extends string>(values: readonly T[], value: string | null): value is T => value !== null && (values as readonly string[]).includes(value);

export function readCalendarParams(params: URLSearchParams, today: string): CalendarParams {
  const month = params.get('month');
  const state = params.get('state')?.trim().toUpperCase() ?? '';
  const type = params.get('type');
  const distance = params.get('distance')?.toLowerCase() ?? null;
  const view = params.get('view');
  return {
    month: month && isMonthKey(month) ? month : monthOf(today),
    filters: {
      ...(isStateCode(state) ? { state } : {}),
      ...(isOneOf(EVENT_TYPES, type) ? { type } : {}),
      ...(isOneOf(DISTANCE_CATEGORIES, distance) ? { distance } : {}),
    },
    ...(view === 'month' || view === 'agenda' ? { view } : {}),
    tab: params.get('tab') === 'mine' ? 'mine' : 'all',
  };
}

/** The URL query of a calendar, always in the same order (the month first, then the filters, view and tab). */
export function calendarSearchParams(calendar: CalendarParams): URLSearchParams {
  const params = new URLSearchParams({ month: calendar.month });
  for (const key of RACE_FEED_FILTER_KEYS) {
    const value = calendar.filters[key];
    if (value) params.set(key, value);
  }
  if (calendar.view) params.set('view', calendar.view);
  if (calendar.tab === 'mine') params.set('tab', 'mine');
  return params;
}

export const hasFilters = (filters: RaceFeedFilters) => RACE_FEED_FILTER_KEYS.some((key) => filters[key] !== undefined);
