/**
 * Create Custom Plan (spec 001's hub form, which saved nothing): the generator's questions, answered in the
 * athlete's unit. The plan grows from the runs in their log's last 4 weeks, which the form shows (the optional
 * figures override them), and takes its paces from a recent race the athlete enters, else from the log's best
 * effort; when the rules cannot be kept by the race date it says why and offers the earliest date that works.
 * Nothing typed is lost on a refusal or an error.
 *
 * For a listed race (issue 25, `race`), the distance is one of the race's own and the date is the race's: the form
 * sends the race's id and the distance as the race lists it, and the server reads the rest from the race.
 */
import { useState, type FormEvent } from 'react';
import { PLAN_LEVELS, PLAN_WEEKS, RACE_DISTANCES, WEEKDAYS, type NewTrainingPlanInput, type RaceDistance, type TrainingPlanRequestInput } from '#shared/schemas/training-plan';
import type { TrainingPlan } from '#shared/schemas/training-plans';
import { RACE_LABELS } from '#shared/training/plan-rules';
import type { RaceDistanceChoice } from '#shared/training/race-plans';
import { QUICK_DISTANCES } from '#shared/running/race-distances';
import { parseTime } from '#shared/running/durations';
import { kmFrom, type DistanceUnit } from '#shared/units';
import { Alert } from '../../../components/alert.tsx';
import { Button } from '../../../components/button.tsx';
import { TextField } from '../../../components/field.tsx';
import { ChoiceField } from '../../../components/form-fields.tsx';
import { useToast } from '../../../components/toast.tsx';
import { ApiError } from '../../../lib/api-error.ts';
import { bodyFieldErrors } from '../../../lib/body-field-errors.ts';
import { formatEventDate, formatLongDate } from '../../../lib/event-format.ts';
import { useCreatePlan } from '../api/use-training.ts';
import { PlanStartingPoint } from './plan-starting-point.tsx';
import type { PlanTemplate } from './plan-templates.ts';
import './training-dialog.css';

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

type RaceResult = { recentRace?: NonNullable<NewTrainingPlanInput['recentRace']> } | { field: string; error: string };

/** The optional race result: both parts or neither. */
function raceResultOf(distanceId: string, time: string): RaceResult {
  const distance = QUICK_DISTANCES.find((entry) => entry.id === distanceId);
  if (!distance && !time.trim()) return {};
  if (!distance) return { field: 'recentRaceDistance', error: 'Choose the distance of the race you ran' };
  const parsed = parseTime(time);
  if (!parsed.ok) return { field: 'recentRace', error: parsed.error };
  return { recentRace: { distanceKm: distance.km, timeSeconds: Math.round(parsed.value) } };
}

/** The listed race a plan is made for: its date, and its distances with what a plan for each would be. */
export interface PlanFormRace {
  readonly eventId: string;
  readonly eventDate: string;
  readonly choices: readonly RaceDistanceChoice[];
}

/** The choices a plan can be made for; with only one, it is chosen already. */
const plannable = (race: PlanFormRace) => race.choices.filter((choice) => choice.planDistance !== undefined);

/** For a race, the distance as the race lists it; otherwise the generator's distance. */
function initialDistance(race: PlanFormRace | undefined, template: PlanTemplate | undefined): string {
  if (!race) return template?.raceDistance ?? '';
  const choices = plannable(race);
  return choices.length === 1 ? choices[0]!.label : '';
}

export function PlanForm({ unit, template, race, onCreated }: { unit: DistanceUnit; template?: PlanTemplate; race?: PlanFormRace; onCreated(plan: TrainingPlan): void }) {
  const [raceDistance, setRaceDistance] = useState<string>(() => initialDistance(race, template));
  const [when, setWhen] = useState<'weeks' | 'date'>('weeks');
  const [weeks, setWeeks] = useState(String(template?.weeks ?? 12));
  const [targetDate, setTargetDate] = useState('');
  const [level, setLevel] = useState<string>(template?.level ?? '');
  const [daysPerWeek, setDaysPerWeek] = useState(String(template?.daysPerWeek ?? 4));
  const [longRunDay, setLongRunDay] = useState('sunday');
  const [weekly, setWeekly] = useState('');
  const [longest, setLongest] = useState('');
  const [raceResultDistance, setRaceResultDistance] = useState('');
  const [raceResultTime, setRaceResultTime] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [refusal, setRefusal] = useState<{ reason: string; earliestDate?: string } | undefined>();
  const [failure, setFailure] = useState<string | undefined>();
  const create = useCreatePlan();
  const { toast } = useToast();

  function submit(formEvent?: FormEvent, dateOverride?: string) {
    formEvent?.preventDefault();
    if (create.isPending) return;
    if (!raceDistance || !level) {
      toast({ title: 'Missing Information', description: 'Please fill in all required fields to create your training plan.', variant: 'destructive' });
      const distanceError = race ? 'Please choose one of the race’s distances' : 'Please choose a race distance';
      setErrors({ ...(raceDistance ? {} : { raceDistance: distanceError }), ...(level ? {} : { level: 'Please choose your level' }) });
      return;
    }
    const raceResult = raceResultOf(raceResultDistance, raceResultTime);
    if ('error' in raceResult) {
      setErrors({ [raceResult.field]: raceResult.error });
      return;
    }
    setErrors({});
    setRefusal(undefined);
    setFailure(undefined);
    const useDate = dateOverride ?? (when === 'date' ? targetDate : undefined);
    const target: Pick<TrainingPlanRequestInput, 'race' | 'raceDistance' | 'targetDate' | 'weeks'> = race
      ? { race: { eventId: race.eventId, distance: raceDistance } }
      : { raceDistance: raceDistance as RaceDistance, ...(useDate ? { targetDate: useDate } : { weeks: Number(weeks) as NewTrainingPlanInput['weeks'] }) };
    const body: TrainingPlanRequestInput = {
      ...target,
      level: level as NewTrainingPlanInput['level'],
      daysPerWeek: Number(daysPerWeek),
      longRunDay: longRunDay as NewTrainingPlanInput['longRunDay'],
      ...(weekly.trim() ? { currentWeeklyKm: kmFrom(unit, Number(weekly)) } : {}),
      ...(longest.trim() ? { longestRunKm: kmFrom(unit, Number(longest)) } : {}),
      ...(raceResult.recentRace ? { recentRace: raceResult.recentRace } : {}),
      ...(template ? { name: `${template.name} · ${useDate ? `race ${useDate}` : `${weeks} weeks`}` } : {}),
    };
    create.mutate(body, {
      onSuccess: (plan) => {
        toast({ title: 'Training Plan Created!', description: `${plan.name}: ${plan.weeks} weeks to race day, ${formatEventDate(plan.raceDate)}.` });
        onCreated(plan);
      },
      onError: (error) => {
        if (error instanceof ApiError && error.code === 'plan_refused') {
          setRefusal({ reason: error.message, ...(error.details?.earliestDate ? { earliestDate: error.details.earliestDate } : {}) });
          return;
        }
        const fields = bodyFieldErrors(error);
        setErrors(Object.fromEntries(Object.entries(fields).map(([field, message]) => [fieldOf(field), message])));
        setFailure(Object.keys(fields).length > 0 ? 'Please check the fields marked below.' : error instanceof ApiError ? error.message : 'The plan could not be created. Please try again.');
        toast({ title: 'Error', description: 'Failed to generate training plan. Please try again.', variant: 'destructive' });
      },
    });
  }

  function planForEarliest(date: string) {
    setWhen('date');
    setTargetDate(date);
    submit(undefined, date);
  }

  return (
    <form className="training-form plan-form" onSubmit={submit} noValidate aria-label={race ? 'Create a training plan for this race' : 'Create a training plan'}>
      {race ? (
        <p className="plan-form__race-day">
          Race day <strong>{formatLongDate(race.eventDate)}</strong>: the plan builds up to the race and tapers into it.
        </p>
      ) : null}
      <div className="training-form__grid">
        {race ? (
          <ChoiceField
            label="Race distance"
            required
            value={raceDistance}
            onChange={setRaceDistance}
            error={errors.raceDistance}
            hint={unplannableHint(race)}
            options={plannable(race).map((choice) => ({ value: choice.label, label: choice.label }))}
          />
        ) : (
          <ChoiceField label="Race distance" required value={raceDistance} onChange={setRaceDistance} error={errors.raceDistance} options={RACE_DISTANCES.map((value) => ({ value, label: capitalized(RACE_LABELS[value]) }))} />
        )}
        <ChoiceField label="Your level" required value={level} onChange={setLevel} error={errors.level} options={PLAN_LEVELS.map((value) => ({ value, label: capitalized(value) }))} />
        {race ? null : (
          <>
            <ChoiceField
              label="Plan by"
              value={when}
              onChange={(value) => setWhen(value as 'weeks' | 'date')}
              options={[
                { value: 'weeks', label: 'Length in weeks' },
                { value: 'date', label: 'My race date' },
              ]}
            />
            {when === 'weeks' ? (
              <ChoiceField label="Plan length" value={weeks} onChange={setWeeks} error={errors.weeks} options={PLAN_WEEKS.map((value) => ({ value: String(value), label: `${value} weeks` }))} />
            ) : (
              <TextField label="Race date" type="date" required value={targetDate} onChange={(e) => setTargetDate(e.target.value)} error={errors.targetDate} />
            )}
          </>
        )}
        <ChoiceField label="Running days a week" value={daysPerWeek} onChange={setDaysPerWeek} error={errors.daysPerWeek} options={[3, 4, 5, 6].map((value) => ({ value: String(value), label: `${value} days` }))} />
        <ChoiceField label="Long run day" value={longRunDay} onChange={setLongRunDay} options={WEEKDAYS.map((value) => ({ value, label: capitalized(value) }))} />
      </div>
      <PlanStartingPoint unit={unit} />
      <div className="training-form__grid">
        <TextField label={`Weekly distance now (${unit}, optional)`} type="number" inputMode="decimal" min={0} step={0.1} value={weekly} onChange={(e) => setWeekly(e.target.value)} error={errors.currentWeeklyKm} />
        <TextField label={`Longest recent run (${unit}, optional)`} type="number" inputMode="decimal" min={0} step={0.1} value={longest} onChange={(e) => setLongest(e.target.value)} error={errors.longestRunKm} />
        <ChoiceField
          label="Recent race or time trial (optional)"
          value={raceResultDistance}
          onChange={setRaceResultDistance}
          error={errors.recentRaceDistance}
          options={[{ value: '', label: 'None' }, ...QUICK_DISTANCES.map((distance) => ({ value: distance.id, label: distance.label }))]}
        />
        <TextField
          label="Its finishing time (optional)"
          placeholder="e.g. 28:30 or 1:05:00"
          value={raceResultTime}
          onChange={(e) => setRaceResultTime(e.target.value)}
          error={errors.recentRace}
        />
      </div>
      <p className="plan-form__note">A race or time trial from the last couple of months sets your paces and race-day prediction more truly than your log's training runs.</p>
      {failure ? (
        <Alert tone="error" title="Your plan was not created">
          <p>{failure}</p>
        </Alert>
      ) : null}
      {refusal ? (
        <Alert tone="error" title="This plan would not be safe">
          <p>{refusal.reason}</p>
          {refusal.earliestDate && !race ? (
            <Button size="sm" onClick={() => planForEarliest(refusal.earliestDate!)}>
              Plan for {formatEventDate(refusal.earliestDate)} instead
            </Button>
          ) : null}
        </Alert>
      ) : null}
      <div className="training-form__actions">
        <Button type="submit" variant="primary" disabled={create.isPending}>
          {create.isPending ? 'Building your plan…' : 'Create Plan'}
        </Button>
      </div>
    </form>
  );
}

/** A server field error's form field: a race result's parts are one field, and the race's distance is the distance's. */
function fieldOf(path: string): string {
  if (path.startsWith('recentRace')) return 'recentRace';
  return path === 'race.distance' ? 'raceDistance' : path;
}

/** The race's distances no plan is made for, said beside the choice rather than offered in it. */
function unplannableHint(race: PlanFormRace): string | undefined {
  const others = race.choices.filter((choice) => choice.planDistance === undefined).map((choice) => choice.label);
  if (others.length === 0) return undefined;
  return `No plan is made for the ${others.join(', ')}: plans prepare for running races of 5K, 10K, half marathon, marathon and 50K.`;
}
