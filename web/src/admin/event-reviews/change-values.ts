/**
 * How the recent-edits list words a changed field's value: what an admin reads, not the stored shape. Price
 * tiers, a course and images are objects; shown raw they read "[object Object]".
 */
import { describePriceTiers } from '#shared/price-tier-words';
import type { PriceTier } from '#shared/price-tiers';
import type { CourseSummary } from '#shared/schemas/course';
import { formatElevation } from '#shared/elevation-format';
import { formatDistance, type DistanceUnit } from '#shared/units';

/** Seen from before any deadline, describePriceTiers words every tier, each date with its year. */
const BEFORE_EVERY_DEADLINE = '0001-01-01';

const EMPTY = '(empty)';

function imagesText(images: readonly { alt?: string }[]): string {
  const described = images.map((image) => (image.alt ? `“${image.alt}”` : 'no description'));
  // By hand, not shared/plural.ts's countOf: see that module on the admin area and the first-load budget.
  return `${images.length} ${images.length === 1 ? 'image' : 'images'}: ${described.join(', ')}`;
}

function courseText(course: CourseSummary, unit: DistanceUnit): string {
  return `${formatDistance(unit, course.distanceMeters / 1000)}, ${formatElevation(unit, course.gainMeters)} climb`;
}

/** One value of a change record's field, in words, distances in `unit`. */
export function changeValueText(field: string, value: unknown, unit: DistanceUnit): string {
  if (value === null || value === undefined || value === '') return EMPTY;
  if (Array.isArray(value) && value.length === 0) return EMPTY;
  if (field === 'priceTiers' && Array.isArray(value)) return describePriceTiers(value as PriceTier[], BEFORE_EVERY_DEADLINE) ?? EMPTY;
  if (field === 'images' && Array.isArray(value)) return imagesText(value as { alt?: string }[]);
  if (field === 'course' && typeof value === 'object') return courseText(value as CourseSummary, unit);
  if (Array.isArray(value)) return value.map((item) => (typeof item === 'object' ? JSON.stringify(item) : String(item))).join(', ');
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}
