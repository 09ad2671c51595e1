/** A plan's paces and race-day prediction in the athlete's unit, and where they came from (issue 21). */
import type { GeneratedPlan } from '#shared/schemas/training-plan';
import { formatDuration } from '#shared/running/durations';
import { planPaces } from '#shared/training/workout-description';
import { formatPace, type DistanceUnit } from '#shared/units';

const FROM = { 'race result': 'from the race result you entered', log: "from your log's best recent run", 'level default': 'typical for your level' } as const;

export function PlanPaces({ plan, unit }: { plan: GeneratedPlan; unit: DistanceUnit }) {
  const paces = planPaces(plan);
  const predicted = plan.assumptions.predictedRaceMinutes;
  return (
    <p className="plan-paces">
      Paces {FROM[paces.source]}: easy about <strong>{formatPace(unit, paces.easy)}</strong>, tempo {formatPace(unit, paces.tempo)}, intervals {formatPace(unit, paces.interval)}
      {predicted ? (
        <>
          ; predicted race day <strong>{formatDuration(predicted * 60)}</strong> ({formatPace(unit, paces.race)})
        </>
      ) : null}
      .
    </p>
  );
}
