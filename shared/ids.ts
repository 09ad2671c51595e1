/** Id patterns, once: the route schemas, the cursors and the web app's links all check ids with these. */

/** ULID: 26 Crockford base-32 characters (no I, L, O, U), as a fragment to build other patterns with. */
export const ULID_SOURCE = '[0-9A-HJKMNP-TV-Z]{26}';

/** A whole ULID. Every entity id is one, except a profile's (the Cognito sub). */
export const ULID_PATTERN = new RegExp(`^${ULID_SOURCE}$`);

/** An instant as the table's sort keys write it (Date.toISOString: milliseconds, UTC), as a fragment of a pattern. */
export const ISO_INSTANT_SOURCE = '\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}\\.\\d{3}Z';
