const SIZE_UNITS = ['KB', 'MB', 'GB'] as const;

/** 1536 -> '1.5 KB'; bytes below 1 KB as bytes: a file's size as a person reads it (export files, downloads). */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < SIZE_UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value >= 10 ? Math.round(value) : value.toFixed(1)} ${SIZE_UNITS[unit]}`;
}
