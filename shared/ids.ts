/** Id patterns, once: the route schemas, the cursors and the web app's links all check ids with these. */

/** ULID: 26 Crockford base-32 characters (no I, L, O, U). Every entity id is one, except a profile's. */
export const ULID_PATTERN = /^[0-9A-HJKMNP-TV-Z]{26}$/;

/** The same, as a fragment to build other patterns with. */
export const ULID_SOURCE = '[0-9A-HJKMNP-TV-Z]{26}';

export const isUlid = (value: string | undefined): value is string => value !== undefined && ULID_PATTERN.test(value);
