/**
 * Deciding organizer applications, wherever the queue is shown (/admin/applications, /superadmin): read one
 * in full, then Approve (the applicant becomes an organizer at once) or Deny, confirmed in a Modal that takes
 * notes the applicant will see. The outcome is a flash message; the caller refreshes its list afterwards.
 */
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Flashbar from '@cloudscape-design/components/flashbar';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useMutation } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { APPLICATION_NOTES_MAX, type Application } from '#shared/schemas/organizer-application';
import { errorMessage } from '../../lib/api-error.ts';
import { adminOrganizerApplicationsArea } from '../../lib/api-areas/admin-organizer-applications.ts';
import { useApi } from '../../lib/use-api.ts';
import { useFlashes } from '../use-flashes.ts';
import { DecisionModal } from '../queue-parts.tsx';
import { ApplicationDetails, type Decision } from './application-columns.tsx';

export interface ApplicationDecisions {
  /** Ids being decided: their buttons are disabled until the answer arrives. */
  readonly busy: ReadonlySet<string>;
  readonly view: (application: Application) => void;
  readonly openDecision: (application: Application, decision: Decision) => void;
  /** The outcome messages, for the top of the page. */
  readonly flashbar: ReactNode;
  /** The reading and the confirmation modals, rendered once per page. */
  readonly modals: ReactNode;
}

export function useApplicationDecision(onSettled: () => void): ApplicationDecisions {
  const api = useApi(adminOrganizerApplicationsArea);
  const [viewing, setViewing] = useState<Application | undefined>();
  const [deciding, setDeciding] = useState<{ application: Application; decision: Decision } | undefined>();
  const [notes, setNotes] = useState('');
  const [busy, setBusy] = useState<ReadonlySet<string>>(new Set());
  const { items: flashItems, flash } = useFlashes();

  const decide = useMutation({
    mutationFn: ({ application, decision, notes: text }: { application: Application; decision: Decision; notes: string }) =>
      api('decideApplication', { path: { id: application.id }, body: { decision, notes: text } }),
    onMutate: ({ application }) => setBusy((current) => new Set(current).add(application.id)),
    onSuccess: (_result, { application, decision }) =>
      flash({
        type: 'success',
        header: decision === 'approve' ? 'Application approved' : 'Application denied',
        content: decision === 'approve' ? `${application.organizationName} (${application.contactEmail}) is now an organizer.` : `${application.contactEmail} can see your notes and may apply again.`,
      }),
    onError: (error, { decision }) => flash({ type: 'error', header: decision === 'approve' ? 'Approval failed' : 'Denial failed', content: errorMessage(error) }),
    onSettled: (_data, _error, { application }) => {
      setBusy((current) => {
        const next = new Set(current);
        next.delete(application.id);
        return next;
      });
      onSettled();
    },
  });

  const openDecision = (application: Application, decision: Decision) => {
    setViewing(undefined);
    setNotes('');
    setDeciding({ application, decision });
  };
  const approving = deciding?.decision === 'approve';
  const modals = (
    <>
      <Modal
        visible={viewing !== undefined}
        onDismiss={() => setViewing(undefined)}
        header={viewing?.organizationName ?? 'Application'}
        closeAriaLabel="Close"
        size="large"
        footer={
          viewing?.status === 'pending' ? (
            <Box float="right">
              <SpaceBetween size="xs" direction="horizontal">
                <Button onClick={() => openDecision(viewing, 'deny')}>Deny</Button>
                <Button variant="primary" onClick={() => openDecision(viewing, 'approve')}>
                  Approve
                </Button>
              </SpaceBetween>
            </Box>
          ) : undefined
        }
      >
        {viewing ? <ApplicationDetails application={viewing} /> : null}
      </Modal>
      <DecisionModal
        visible={deciding !== undefined}
        header={approving ? 'Approve application' : 'Deny application'}
        confirmText={approving ? 'Approve' : 'Deny'}
        sentence={
          deciding
            ? approving
              ? `${deciding.application.contactEmail} becomes an organizer at once: they may claim, create and promote events.`
              : `${deciding.application.contactEmail} stays an athlete and may apply again.`
            : null
        }
        notesFor="the applicant"
        notes={notes}
        notesMax={APPLICATION_NOTES_MAX}
        onNotesChange={setNotes}
        onCancel={() => setDeciding(undefined)}
        onConfirm={() => {
          if (deciding) decide.mutate({ ...deciding, notes });
          setDeciding(undefined);
        }}
      />
    </>
  );

  return { busy, view: setViewing, openDecision, flashbar: <Flashbar items={flashItems} />, modals };
}
