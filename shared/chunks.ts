/** `items` in order, `size` to a chunk (the last may be shorter): a request's worth each, or a stack's worth of routes. */
export function chunksOf<T>(items: readonly T[], size: number): T[][] {
  const chunks: T[][] = [];
  for (let start = 0; start < items.length; start += size) chunks.push(items.slice(start, start + size));
  return chunks;
}
