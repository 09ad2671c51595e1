/**
 * Set Training Goal (spec 001), to create a goal or edit one: name and description required, what it
 * measures and its target in the athlete's unit, an optional deadline, fitness level (intermediate by default).
 */
import { useId, useState, type FormEvent } from 'react';
import { FITNESS_LEVELS, GOAL_KINDS, type Goal, type GoalKind } from '#shared/schemas/training-goal';
import { distanceIn, kmFrom, type DistanceUnit } from '#shared/units';
import { Alert } from '../../../components/alert.tsx';
import { Button } from '../../../components/button.tsx';
import { TextField } from '../../../components/field.tsx';
import { ChoiceField, TextAreaField } from '../../../components/form-fields.tsx';
import { ModalDialog } from '../../../components/modal-dialog.tsx';
import { useToast } from '../../../components/toast.tsx';
import { bodyFieldErrors } from '../../../lib/body-field-errors.ts';
import { useSaveGoal } from '../api/use-training.ts';
import './training-dialog.css';

export function goalKindLabel(kind: GoalKind, unit: DistanceUnit): string {
  return { weekly_distance: `${unit} a week`, weekly_workouts: 'Workouts a week', total_distance: `Total ${unit}`, custom: 'Something else (I mark progress)' }[kind];
}

const isDistance = (kind: string) => kind === 'weekly_distance' || kind === 'total_distance';

export default function GoalDialog({ goal, unit, onClose }: { goal?: Goal; unit: DistanceUnit; onClose(): void }) {
  const titleId = useId();
  const [title, setTitle] = useState(goal?.title ?? '');
  const [description, setDescription] = useState(goal?.description ?? '');
  const [kind, setKind] = useState<string>(goal?.kind ?? 'weekly_distance');
  const [target, setTarget] = useState(goal?.target === undefined ? '' : String(isDistance(goal.kind) ? distanceIn(unit, goal.target) : goal.target));
  const [deadline, setDeadline] = useState(goal?.deadline ?? '');
  const [fitnessLevel, setFitnessLevel] = useState<string>(goal?.fitnessLevel ?? 'intermediate');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useSaveGoal();
  const { toast } = useToast();

  function onSubmit(formEvent: FormEvent) {
    formEvent.preventDefault();
    if (save.isPending) return;
    if (!title.trim() || !description.trim()) {
      setErrors({ ...(title.trim() ? {} : { title: 'Please fill in the goal name' }), ...(description.trim() ? {} : { description: 'Please fill in a description' }) });
      return;
    }
    setErrors({});
    const amount = target.trim() === '' ? undefined : Number(target);
    const targetKm = amount === undefined || kind === 'custom' ? undefined : isDistance(kind) ? kmFrom(unit, amount) : amount;
    const fields = { title, description, ...(targetKm === undefined ? {} : { target: targetKm }), fitnessLevel: fitnessLevel as Goal['fitnessLevel'] };
    const body = goal ? { ...fields, deadline: deadline || null } : { ...fields, kind: kind as GoalKind, ...(deadline ? { deadline } : {}) };
    save.mutate(
      { id: goal?.id, body },
      {
        onSuccess: () => {
          toast({ title: goal ? 'Goal Updated' : 'Goal Created!', description: goal ? 'Your goal is saved.' : 'Your progress shows on your training pages.' });
          onClose();
        },
        onError: (error) => setErrors({ ...bodyFieldErrors(error), form: goal ? 'Failed to save goal' : 'Failed to create goal' }),
      },
    );
  }

  return (
    <ModalDialog titleId={titleId} width={560} onCancel={onClose}>
      <form className="training-form" onSubmit={onSubmit} noValidate>
        <h2 id={titleId} className="modal-dialog__title">
          {goal ? 'Edit Goal' : 'Set Training Goal'}
        </h2>
        {errors.form ? <Alert tone="error" title={errors.form} /> : null}
        <div className="training-form__grid">
          <div className="training-form__wide">
            <TextField label="Goal name" required maxLength={80} value={title} onChange={(e) => setTitle(e.target.value)} error={errors.title} />
          </div>
          <div className="training-form__wide">
            <TextAreaField label="Description" required value={description} onChange={setDescription} error={errors.description} hint="Why it matters to you, or the race it is for." />
          </div>
          {goal ? null : (
            <ChoiceField label="What it measures" value={kind} onChange={setKind} error={errors.kind} options={GOAL_KINDS.map((value) => ({ value, label: goalKindLabel(value, unit) }))} />
          )}
          {kind === 'custom' ? null : (
            <TextField label={isDistance(kind) ? `Target (${unit})` : 'Target (workouts)'} type="number" inputMode="decimal" min={0} step={isDistance(kind) ? 0.1 : 1} value={target} onChange={(e) => setTarget(e.target.value)} error={errors.target} />
          )}
          <TextField label="Deadline (optional)" type="date" value={deadline} onChange={(e) => setDeadline(e.target.value)} error={errors.deadline} />
          <ChoiceField label="Fitness level" value={fitnessLevel} onChange={setFitnessLevel} options={FITNESS_LEVELS.map((value) => ({ value, label: value.charAt(0).toUpperCase() + value.slice(1) }))} />
        </div>
        <div className="training-form__actions">
          <Button type="button" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" variant="primary" disabled={save.isPending}>
            {save.isPending ? 'Saving…' : goal ? 'Save Goal' : 'Set Goal'}
          </Button>
        </div>
      </form>
    </ModalDialog>
  );
}
