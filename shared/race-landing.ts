/**
 * The landing pages of races by place and kind: /races/{state} and /races/{state}/{kind}, for example
 * /races/california/marathon. A kind is what runners search for, which is sometimes a distance (marathon,
 * 5K) and sometimes an event type (triathlon, trail race); each maps to one filter of the event search. The
 * one list the router, the server's renderer, the sitemap and the page's own links read.
 */
import type { DistanceCategory, EventType } from './event-vocabulary.ts';
import { STATE_CODES, US_STATES, type StateCode } from './us-states.ts';

export interface RaceKind {
  readonly slug: string;
  /** As a heading says it: "Marathons in California". */
  readonly plural: string;
  readonly filter: { readonly distance: DistanceCategory } | { readonly type: EventType };
}

export const RACE_KINDS: readonly RaceKind[] = [
  { slug: 'marathon', plural: 'Marathons', filter: { distance: 'marathon' } },
  { slug: 'half-marathon', plural: 'Half Marathons', filter: { distance: 'half' } },
  { slug: '10k', plural: '10K Races', filter: { distance: '10k' } },
  { slug: '5k', plural: '5K Races', filter: { distance: '5k' } },
  { slug: 'ultramarathon', plural: 'Ultramarathons', filter: { distance: 'ultra' } },
  { slug: 'trail-race', plural: 'Trail Races', filter: { type: 'trail_race' } },
  { slug: 'triathlon', plural: 'Triathlons', filter: { type: 'triathlon' } },
  { slug: 'duathlon', plural: 'Duathlons', filter: { type: 'duathlon' } },
  { slug: 'obstacle-race', plural: 'Obstacle Races', filter: { type: 'obstacle_race' } },
  { slug: 'cycling', plural: 'Cycling Events', filter: { type: 'cycling' } },
  { slug: 'fun-run', plural: 'Fun Runs', filter: { type: 'fun_run' } },
];

/**
 * Races per landing page: half a search page, so a page (the search's read of it and its markup) stays light; the
 * next are a link away.
 */
export const LANDING_PAGE_SIZE = 24;

/** The landing page's cursor parameter: the search's own opaque cursor for the next page. */
export const LANDING_CURSOR_PARAM = 'after';

/** 'new-york' for NY: the state's name, lower case, words joined by hyphens. */
export function stateSlug(code: StateCode): string {
  return US_STATES[code].toLowerCase().replace(/\s+/g, '-');
}

const STATE_BY_SLUG = new Map(STATE_CODES.map((code) => [stateSlug(code), code]));
const KIND_BY_SLUG = new Map(RACE_KINDS.map((kind) => [kind.slug, kind]));

export interface RaceLanding {
  readonly state: StateCode;
  readonly kind?: RaceKind;
}

/** The landing page these path segments name, or undefined for a state or kind there is no page for. */
export function raceLandingOf(stateSegment: string | undefined, kindSegment?: string): RaceLanding | undefined {
  const state = stateSegment === undefined ? undefined : STATE_BY_SLUG.get(stateSegment);
  if (!state) return undefined;
  if (kindSegment === undefined) return { state };
  const kind = KIND_BY_SLUG.get(kindSegment);
  return kind ? { state, kind } : undefined;
}

export function raceLandingPath({ state, kind }: RaceLanding): string {
  return `/races/${stateSlug(state)}${kind ? `/${kind.slug}` : ''}`;
}

/** "Marathons in California", "Races in Oregon". */
export function raceLandingTitle({ state, kind }: RaceLanding): string {
  return `${kind?.plural ?? 'Races'} in ${US_STATES[state]}`;
}

/** The event search's query that lists this page's races, a landing page's worth at a time. */
export function raceLandingQuery({ state, kind }: RaceLanding): { state: StateCode; distance?: DistanceCategory; type?: EventType; limit: number } {
  return { state, ...kind?.filter, limit: LANDING_PAGE_SIZE };
}

/** Every landing page: each state, and each kind in each state (the sitemap lists them). */
export function allRaceLandings(): RaceLanding[] {
  return STATE_CODES.flatMap((state) => [{ state }, ...RACE_KINDS.map((kind) => ({ state, kind }))]);
}
