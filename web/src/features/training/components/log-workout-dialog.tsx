/**
 * Log Workout (spec 001, dashboard and journal), to create a log or edit one: activity, date (today by
 * default), distance in the athlete's unit, duration, effort 1-10, pace and notes. Empty numbers are sent as
 * null, as the spec's form did. The server's field errors show beside their fields and nothing typed is lost.
 */
import { useId, useState, type FormEvent } from 'react';
import { todayInNewYork } from '#shared/dates';
import { ACTIVITY_LABELS, ACTIVITY_TYPES, type TrainingLog } from '#shared/schemas/training-log';
import { distanceIn, kmFrom, type DistanceUnit } from '#shared/units';
import { Alert } from '../../../components/alert.tsx';
import { Button } from '../../../components/button.tsx';
import { TextField } from '../../../components/field.tsx';
import { ChoiceField, TextAreaField } from '../../../components/form-fields.tsx';
import { ModalDialog } from '../../../components/modal-dialog.tsx';
import { useToast } from '../../../components/toast.tsx';
import { bodyFieldErrors } from '../../../lib/body-field-errors.ts';
import { useSaveLog } from '../api/use-training.ts';
import { EFFORT_OPTIONS } from './effort.ts';
import './training-dialog.css';

interface Draft {
  activityType: string;
  logDate: string;
  distance: string;
  durationMinutes: string;
  effortLevel: string;
  pace: string;
  notes: string;
}

function draftOf(log: TrainingLog | undefined, unit: DistanceUnit): Draft {
  return {
    activityType: log?.activityType ?? '',
    logDate: log?.logDate ?? todayInNewYork(),
    distance: log?.distanceKm === undefined ? '' : String(distanceIn(unit, log.distanceKm)),
    durationMinutes: log?.durationMinutes === undefined ? '' : String(log.durationMinutes),
    effortLevel: log?.effortLevel === undefined ? '' : String(log.effortLevel),
    pace: log?.pace ?? '',
    notes: log?.notes ?? '',
  };
}

const numberOrNull = (text: string) => (text.trim() === '' ? null : Number(text));

export default function LogWorkoutDialog({ log, unit, onClose }: { log?: TrainingLog; unit: DistanceUnit; onClose(): void }) {
  const titleId = useId();
  const [draft, setDraft] = useState<Draft>(() => draftOf(log, unit));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failed, setFailed] = useState<string | undefined>();
  const save = useSaveLog();
  const { toast } = useToast();
  const set = (field: keyof Draft) => (value: string) => setDraft((current) => ({ ...current, [field]: value }));

  function onSubmit(formEvent: FormEvent) {
    formEvent.preventDefault();
    if (save.isPending) return;
    if (!draft.activityType) {
      setErrors({ activityType: 'Please select an activity type' });
      return;
    }
    setErrors({});
    setFailed(undefined);
    const distance = numberOrNull(draft.distance);
    const body = {
      activityType: draft.activityType as TrainingLog['activityType'],
      logDate: draft.logDate,
      distanceKm: distance === null || Number.isNaN(distance) ? distance : kmFrom(unit, distance),
      durationMinutes: numberOrNull(draft.durationMinutes),
      effortLevel: numberOrNull(draft.effortLevel),
      pace: draft.pace.trim() || null,
      notes: draft.notes.trim() || null,
    };
    save.mutate(
      { id: log?.id, body },
      {
        onSuccess: () => {
          toast({ title: log ? 'Workout Updated!' : 'Workout Logged', description: log ? 'Your changes are saved.' : 'Your workout is in your training log.' });
          onClose();
        },
        onError: (error) => {
          const fields = bodyFieldErrors(error);
          setErrors({ ...fields, ...(fields.distanceKm ? { distance: fields.distanceKm } : {}) });
          setFailed(Object.keys(fields).length ? 'Please check the highlighted fields.' : log ? 'Failed to save workout' : 'Failed to log workout');
        },
      },
    );
  }

  return (
    <ModalDialog titleId={titleId} width={560} onCancel={onClose}>
      <form className="training-form" onSubmit={onSubmit} noValidate>
        <h2 id={titleId} className="modal-dialog__title">
          {log ? 'Edit Workout' : 'Log Workout'}
        </h2>
        {failed ? <Alert tone="error" title={failed} /> : null}
        <div className="training-form__grid">
          <ChoiceField
            label="Activity type"
            required
            value={draft.activityType}
            onChange={set('activityType')}
            error={errors.activityType}
            options={ACTIVITY_TYPES.map((value) => ({ value, label: ACTIVITY_LABELS[value] }))}
          />
          <TextField label="Date" type="date" required value={draft.logDate} max={todayInNewYork()} onChange={(e) => set('logDate')(e.target.value)} error={errors.logDate} />
          <TextField label={`Distance (${unit})`} type="number" inputMode="decimal" min={0} step={0.1} value={draft.distance} onChange={(e) => set('distance')(e.target.value)} error={errors.distance} />
          <TextField label="Duration (minutes)" type="number" inputMode="numeric" min={0} step={1} value={draft.durationMinutes} onChange={(e) => set('durationMinutes')(e.target.value)} error={errors.durationMinutes} />
          <ChoiceField label="Effort" value={draft.effortLevel} onChange={set('effortLevel')} error={errors.effortLevel} options={[{ value: '', label: 'Not rated' }, ...EFFORT_OPTIONS]} />
          <TextField label="Pace" placeholder={unit === 'mi' ? '8:30 /mi' : '5:15 /km'} maxLength={20} value={draft.pace} onChange={(e) => set('pace')(e.target.value)} error={errors.pace} />
          <div className="training-form__wide">
            <TextAreaField label="Notes" value={draft.notes} onChange={set('notes')} error={errors.notes} hint="How it felt, the route, the weather." />
          </div>
        </div>
        <div className="training-form__actions">
          <Button type="button" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" variant="primary" disabled={save.isPending}>
            {save.isPending ? 'Saving…' : log ? 'Save Changes' : 'Log Workout'}
          </Button>
        </div>
      </form>
    </ModalDialog>
  );
}
