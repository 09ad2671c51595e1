/**
 * '1 workout', '3 workouts', '1 day': a count with its noun, singular only for one.
 *
 * The event page and the admin area (lazy routes of web/src/app/routes.tsx) and the components they share
 * still write the plural by hand: importing this from them adds its chunk to the entry's preload map, 15 B
 * gzip of the nearly full first-load budget. Pages listed in more-pages.tsx use it freely.
 */
export function countOf(count: number, noun: string, plural = `${noun}s`): string {
  return `${count.toLocaleString('en-US')} ${count === 1 ? noun : plural}`;
}
