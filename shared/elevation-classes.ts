/**
 * The elevation classes' names alone (their bounds and words: shared/course-elevation.ts), apart so the search page's
 * first load, which checks a URL's value against them, carries nothing more.
 */
export const ELEVATION_CLASSES = ['flat', 'rolling', 'hilly', 'mountainous'] as const;
export type ElevationClass = (typeof ELEVATION_CLASSES)[number];
