/**
 * The shortest Strava tokens key accepted (strava-keys.ts): random base64url of this length carries well over 256
 * bits, and a shorter value is a placeholder. A module of its own, importing nothing, so the local stack can make a
 * key of this length without loading the handlers' logger before their environment is set.
 */
export const STRAVA_TOKEN_KEY_MIN_LENGTH = 32;
