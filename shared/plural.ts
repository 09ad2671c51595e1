/** '1 workout', '3 workouts', '1 day': a count with its noun, singular only for one. */
export function countOf(count: number, noun: string, plural = `${noun}s`): string {
  return `${count.toLocaleString('en-US')} ${count === 1 ? noun : plural}`;
}
