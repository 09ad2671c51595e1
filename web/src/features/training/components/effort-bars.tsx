/** How hard the last 12 weeks were: workouts per effort level, coloured by spec 001's bands, with a text line for everyone. */
import type { TrainingStats } from '#shared/schemas/training-stats';
import { effortBand } from './effort.ts';

export function EffortBars({ effort }: { effort: TrainingStats['effort'] }) {
  const most = Math.max(1, ...effort.map((bucket) => bucket.count));
  const rated = effort.reduce((sum, bucket) => sum + bucket.count, 0);
  return (
    <div>
      <ul className="effort-bars" aria-hidden="true">
        {effort.map((bucket) => (
          <li key={bucket.level} className="effort-bars__bar">
            <span className={`effort-bars__fill effort-bars__fill--${effortBand(bucket.level)}`} style={{ height: `${(bucket.count / most) * 80}%` }} />
            {bucket.level}
          </li>
        ))}
      </ul>
      <p className="visually-hidden">
        {rated === 0 ? 'No rated workouts in the last 12 weeks.' : effort.filter((bucket) => bucket.count > 0).map((bucket) => `effort ${bucket.level}: ${bucket.count}`).join(', ')}
      </p>
    </div>
  );
}
