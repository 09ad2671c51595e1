import { useEffect } from 'react';
import { useAuth } from '../../../lib/auth/auth-context.ts';
import { takePendingSave } from '../api/take-pending-save.ts';
import { useToggleSave } from '../api/use-saved-events.ts';

/**
 * Finishes a save a visitor asked for before signing in, once they are signed in (after a sign-in, or a
 * sign-up and its confirmation, wherever they land). Mounted once by the app shell; renders nothing.
 */
export function PendingSaveRunner() {
  const { status } = useAuth();
  const { save } = useToggleSave();
  useEffect(() => {
    if (status !== 'signedIn') return;
    const pending = takePendingSave();
    if (pending) void save(pending);
  }, [status, save]);
  return null;
}
