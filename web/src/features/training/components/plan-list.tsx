/** The athlete's plans as the training pages list them: name (to the plan's page), active, race day, progress and missed workouts. */
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { TrainingPlanSummary } from '#shared/schemas/training-plans';
import { formatEventDate } from '../../../lib/event-format.ts';

export function PlanList({ plans, actions }: { plans: readonly TrainingPlanSummary[]; actions?: (plan: TrainingPlanSummary) => ReactNode }) {
  return (
    <ul className="goal-list">
      {plans.map((plan) => (
        <li key={plan.id} className="goal-row">
          <div className="goal-row__head">
            <Link to={`/training/plans/${encodeURIComponent(plan.id)}`}>{plan.name}</Link>
            <span>{plan.active ? 'Active' : ''}</span>
          </div>
          <span className="goal-row__meta">
            Race day {formatEventDate(plan.raceDate)} · {plan.completedWorkouts} of {plan.totalWorkouts} workouts done
            {plan.missedWorkouts ? ` · ${plan.missedWorkouts} missed lately` : ''}
          </span>
          {actions ? <div className="training-actions">{actions(plan)}</div> : null}
        </li>
      ))}
    </ul>
  );
}
