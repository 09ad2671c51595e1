import type { AnyRoute } from '#shared/routes';

/** A syntactically valid id for path parameters: a ULID that names nothing. */
export const UNKNOWN_ID = '01HZZZZZZZZZZZZZZZZZZZZZZZ';

/** Fills a route's {params}, with `value` or a valid-looking unknown id. */
export function concretePath(route: AnyRoute, value: (name: string) => string = () => UNKNOWN_ID): string {
  return route.path.replace(/\{(\w+)\+?\}/g, (_match, name: string) => encodeURIComponent(value(name)));
}
