import { useEffect, useState } from 'react';
import { useAuth } from '../../../lib/auth/auth-context.ts';
import { hasPendingSave, type PendingSave } from '../api/pending-save.ts';

/**
 * Finishes a save a visitor asked for before signing in, once they are signed in (after a sign-in, or a
 * sign-up and its confirmation, wherever they land). Mounted once by the app shell; renders nothing. Only
 * when a save is pending does it load the code that checks and finishes it (finish-pending-save.tsx), and
 * only then does it subscribe to the saved list: no other page fetches that list because of this runner.
 */
export function PendingSaveRunner() {
  const { status } = useAuth();
  const [finish, setFinish] = useState<{ Finish: (props: { pending: PendingSave }) => null; pending: PendingSave }>();
  useEffect(() => {
    if (status !== 'signedIn' || !hasPendingSave()) return;
    // sessionStorage is outside React: it is read (and cleared) once the person is signed in, not during render.
    void import('./finish-pending-save.tsx').then(({ FinishPendingSave, takePendingSave }) => {
      const pending = takePendingSave();
      if (pending) setFinish({ Finish: FinishPendingSave, pending });
    });
  }, [status]);
  return finish ? <finish.Finish pending={finish.pending} /> : null;
}
