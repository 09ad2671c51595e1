/** The pending save's check and its saving, loaded only when a save is pending (pending-save-runner.tsx). */
import { useEffect, useRef } from 'react';
import type { PendingSave } from '../api/pending-save.ts';
import { useToggleSave } from '../api/use-saved-events.ts';

export { takePendingSave } from '../api/take-pending-save.ts';

export function FinishPendingSave({ pending }: { pending: PendingSave }) {
  const { save } = useToggleSave();
  // `save` is a new function whenever the saved list changes (as this very save changes it): save once.
  const done = useRef<PendingSave>(undefined);
  useEffect(() => {
    if (done.current === pending) return;
    done.current = pending;
    void save(pending);
  }, [pending, save]);
  return null;
}
