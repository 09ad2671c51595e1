import type { AnyRoute } from '#shared/routes';

/** A syntactically valid id for path parameters: a ULID that names nothing. */
export const UNKNOWN_ID = '01HZZZZZZZZZZZZZZZZZZZZZZZ';

/**
 * Valid-looking unknown values of path parameters that are not ULIDs, by route id, so a walk over every route
 * reaches the handler rather than stopping at path validation. A claim id names the event and the organizer.
 */
/** A calendar feed token's shape (43 base64url characters) that was never issued. */
const UNKNOWN_FEED_TOKEN = 'A'.repeat(43);

const PATH_VALUES: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  decideClaim: { id: `${UNKNOWN_ID}.unknown-organizer` },
  getTrainingPlanFeed: { token: UNKNOWN_FEED_TOKEN },
  getSavedRacesFeed: { token: UNKNOWN_FEED_TOKEN },
  getBlogPost: { slug: 'no-such-post' },
};

/** Fills a route's {params}, with `value` or a valid-looking unknown id. */
export function concretePath(route: AnyRoute, value: (name: string) => string = (name) => PATH_VALUES[route.id]?.[name] ?? UNKNOWN_ID): string {
  return route.path.replace(/\{(\w+)\+?\}/g, (_match, name: string) => encodeURIComponent(value(name)));
}
