/**
 * /strava/connected: where Strava's authorize page sends the browser back (docs/strava.md). It posts the code and
 * state Strava added to the URL, once, and goes on to the journal with the connection made; a cancel on Strava's
 * page, or a refusal (an expired or foreign link, unticked activities), is said plainly with the way back.
 */
import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { ButtonLink } from '../../../components/button.tsx';
import { LoadingBlock } from '../../../components/spinner.tsx';
import { StatusPage } from '../../../components/status-page.tsx';
import { useToast } from '../../../components/toast.tsx';
import { useDocumentTitle } from '../../../components/use-document-title.ts';
import { errorMessage } from '../../../lib/api-error.ts';
import type { PageGate } from '../../../components/role-gate.tsx';
import { useFinishStrava } from '../api/use-strava.ts';

export const gate: PageGate = {
  signInText: 'Sign in to finish connecting Strava to your training journal.',
  loadingLabel: 'Connecting Strava...',
};

const backToJournal = (
  <ButtonLink to="/training-journal" variant="primary">
    Back to Training Journal
  </ButtonLink>
);

export default function StravaConnectedPage() {
  useDocumentTitle('Connecting Strava');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { toast } = useToast();
  const finish = useFinishStrava();
  const code = params.get('code');
  const state = params.get('state');
  const scope = params.get('scope');
  const refused = params.get('error');
  const sent = useRef(false);

  useEffect(() => {
    // Once: a code is good for one exchange, and React may run an effect twice in development.
    if (sent.current || refused || !code || !state) return;
    sent.current = true;
    finish.mutate(
      { code, state, ...(scope ? { scope } : {}) },
      {
        onSuccess: () => {
          toast({ title: 'Strava connected', description: 'Your last 90 days of activities are coming into your journal.' });
          navigate('/training-journal', { replace: true });
        },
      },
    );
  }, [code, state, scope, refused, finish, navigate, toast]);

  if (refused) return <StatusPage heading="Strava was not connected" text="You cancelled on Strava's page, so nothing was connected. You can connect any time from your training journal." actions={backToJournal} />;
  if (!code || !state) return <StatusPage heading="This Strava link is incomplete" text="It has no authorization from Strava. Start connecting again from your training journal." actions={backToJournal} />;
  if (finish.isError) return <StatusPage heading="Strava was not connected" text={errorMessage(finish.error)} actions={backToJournal} />;
  return <LoadingBlock label="Connecting Strava" />;
}
