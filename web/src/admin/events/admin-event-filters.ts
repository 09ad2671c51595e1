/**
 * The admin events screen's filters, kept in the URL (?q=&verified=&featured=&type=&state=&from=&to=&review=)
 * so a reload or a shared link shows the same list. Values the server would refuse are dropped when read.
 */
import { EVENT_TYPES, type EventType } from '#shared/event-vocabulary';
import { STATE_CODES } from '#shared/us-states';
import type { AdminEventsQuery } from '#shared/schemas/admin-events';

export type Tristate = 'all' | 'yes' | 'no';

export interface AdminEventFilters {
  readonly q: string;
  readonly verified: Tristate;
  readonly featured: Tristate;
  readonly type: EventType | '';
  readonly state: string;
  readonly from: string;
  readonly to: string;
  readonly needsReview: boolean;
}

export const NO_FILTERS: AdminEventFilters = { q: '', verified: 'all', featured: 'all', type: '', state: '', from: '', to: '', needsReview: false };

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const tristate = (value: string | null): Tristate => (value === 'yes' || value === 'no' ? value : 'all');

export function filtersFromSearch(params: URLSearchParams): AdminEventFilters {
  const type = params.get('type') ?? '';
  const state = (params.get('state') ?? '').toUpperCase();
  const date = (name: string) => {
    const value = params.get(name) ?? '';
    return DATE.test(value) ? value : '';
  };
  return {
    q: (params.get('q') ?? '').slice(0, 100),
    verified: tristate(params.get('verified')),
    featured: tristate(params.get('featured')),
    type: (EVENT_TYPES as readonly string[]).includes(type) ? (type as EventType) : '',
    state: (STATE_CODES as readonly string[]).includes(state) ? state : '',
    from: date('from'),
    to: date('to'),
    needsReview: params.get('review') === 'yes',
  };
}

export function searchFromFilters(filters: AdminEventFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.q.trim()) params.set('q', filters.q.trim());
  if (filters.verified !== 'all') params.set('verified', filters.verified);
  if (filters.featured !== 'all') params.set('featured', filters.featured);
  if (filters.type) params.set('type', filters.type);
  if (filters.state) params.set('state', filters.state);
  if (filters.from) params.set('from', filters.from);
  if (filters.to) params.set('to', filters.to);
  if (filters.needsReview) params.set('review', 'yes');
  return params;
}

export const hasFilters = (filters: AdminEventFilters) => searchFromFilters(filters).size > 0;

const flag = (value: Tristate) => (value === 'all' ? undefined : value === 'yes' ? 'true' : 'false');

/** The API query of the filters (an end date before the start is left for the server to refuse). */
export function toAdminQuery(filters: AdminEventFilters): Omit<AdminEventsQuery, 'cursor'> {
  const query: Record<string, string> = {};
  const set = (name: string, value: string | undefined) => {
    if (value) query[name] = value;
  };
  set('q', filters.q.trim());
  set('verified', flag(filters.verified));
  set('featured', flag(filters.featured));
  set('type', filters.type);
  set('state', filters.state);
  set('from', filters.from);
  set('to', filters.to);
  if (filters.needsReview) query.needsReview = 'true';
  return query as Omit<AdminEventsQuery, 'cursor'>;
}
