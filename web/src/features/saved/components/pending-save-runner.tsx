import { useEffect, useRef, useState } from 'react';
import { useAuth } from '../../../lib/auth/auth-context.ts';
import type { PendingSave } from '../api/pending-save.ts';
import { takePendingSave } from '../api/take-pending-save.ts';
import { useToggleSave } from '../api/use-saved-events.ts';

/**
 * Finishes a save a visitor asked for before signing in, once they are signed in (after a sign-in, or a
 * sign-up and its confirmation, wherever they land). Mounted once by the app shell; renders nothing. Only
 * when a save is pending does it mount the saving hook, which subscribes to the saved list: no other page
 * fetches that list because of this runner.
 */
export function PendingSaveRunner() {
  const { status } = useAuth();
  const [pending, setPending] = useState<PendingSave>();
  useEffect(() => {
    if (status !== 'signedIn') return;
    const taken = takePendingSave();
    // sessionStorage is outside React: it is read (and cleared) once the person is signed in, not during render.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    if (taken) setPending(taken);
  }, [status]);
  return pending ? <FinishSave pending={pending} /> : null;
}

function FinishSave({ pending }: { pending: PendingSave }) {
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
