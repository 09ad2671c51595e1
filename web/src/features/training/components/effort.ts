/** Effort 1-10 as spec 001 labels and colours it: Easy 1-3 (green), Moderate 4-6 (yellow), Hard 7-10 (red). */
export type EffortBand = 'easy' | 'moderate' | 'hard';

export function effortBand(level: number): EffortBand {
  return level <= 3 ? 'easy' : level <= 6 ? 'moderate' : 'hard';
}

export const EFFORT_BAND_LABELS: Readonly<Record<EffortBand, string>> = { easy: 'Easy', moderate: 'Moderate', hard: 'Hard' };

export const EFFORT_OPTIONS = Array.from({ length: 10 }, (_, index) => {
  const level = index + 1;
  return { value: String(level), label: `${level} · ${EFFORT_BAND_LABELS[effortBand(level)]}` };
});
