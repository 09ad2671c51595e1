/**
 * FLUSH DATABASE (spec 001, super admins only): the first click arms it (CONFIRM FLUSH, with Cancel), the
 * second opens a confirmation that needs the typed phrase; then it repeats POST /api/admin/events/flush, each
 * request a bounded batch, showing progress until none remain.
 */
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import Modal from '@cloudscape-design/components/modal';
import ProgressBar from '@cloudscape-design/components/progress-bar';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useState } from 'react';
import { FLUSH_CONFIRMATION_PHRASE } from '#shared/schemas/admin-events';
import { errorMessage } from '../../lib/api-error.ts';
import { useApi } from '../../lib/use-api.ts';
import { adminEventsArea } from '../../lib/api-areas/admin-events.ts';

export interface FlushDatabaseProps {
  /** Events in the catalogue when the flush starts (for the progress bar). */
  readonly total: number | undefined;
  readonly onDone: (outcome: { ok: true } | { ok: false; message: string }) => void;
}

export function FlushDatabase({ total, onDone }: FlushDatabaseProps) {
  const api = useApi(adminEventsArea);
  const [armed, setArmed] = useState(false);
  const [open, setOpen] = useState(false);
  const [phrase, setPhrase] = useState('');
  const [progress, setProgress] = useState<{ deleted: number; remaining: number } | undefined>();

  const close = () => {
    setOpen(false);
    setArmed(false);
    setPhrase('');
    setProgress(undefined);
  };

  const run = async () => {
    let deleted = 0;
    setProgress({ deleted, remaining: total ?? 0 });
    try {
      for (;;) {
        const result = await api('flushEvents', { body: { confirmation: FLUSH_CONFIRMATION_PHRASE } });
        deleted += result.deleted;
        setProgress({ deleted, remaining: result.remaining });
        if (result.remaining === 0) break;
        // A request that deleted nothing while events remain would repeat forever: stop and say so.
        if (result.deleted === 0) throw new Error(`${result.remaining.toLocaleString('en-US')} events could not be deleted. Try again.`);
      }
      close();
      onDone({ ok: true });
    } catch (error) {
      close();
      onDone({ ok: false, message: errorMessage(error) });
    }
  };

  const running = progress !== undefined;
  const all = progress ? progress.deleted + progress.remaining : 0;

  return (
    <>
      {armed ? (
        <SpaceBetween size="xs" direction="horizontal">
          <Button variant="primary" onClick={() => setOpen(true)}>
            CONFIRM FLUSH
          </Button>
          <Button onClick={() => setArmed(false)}>Cancel</Button>
        </SpaceBetween>
      ) : (
        <Button iconName="status-warning" onClick={() => setArmed(true)}>
          FLUSH DATABASE
        </Button>
      )}
      <Modal
        visible={open}
        onDismiss={() => (running ? undefined : close())}
        header="Delete all events"
        closeAriaLabel="Close"
        footer={
          <Box float="right">
            <SpaceBetween size="xs" direction="horizontal">
              <Button variant="link" disabled={running} onClick={close}>
                Cancel
              </Button>
              <Button variant="primary" disabled={phrase !== FLUSH_CONFIRMATION_PHRASE || running} loading={running} onClick={() => void run()}>
                Delete all events
              </Button>
            </SpaceBetween>
          </Box>
        }
      >
        <SpaceBetween size="m">
          <Box variant="p">
            Every event in the catalogue will be permanently deleted, verified or not, with its search entries. This action cannot be undone.
          </Box>
          <FormField label={`To confirm, type ${FLUSH_CONFIRMATION_PHRASE}`}>
            <Input value={phrase} disabled={running} ariaLabel="Confirmation phrase" onChange={({ detail }) => setPhrase(detail.value)} />
          </FormField>
          {running && (
            <ProgressBar
              label="Deleting events"
              value={all > 0 ? Math.round((progress.deleted / all) * 100) : 0}
              additionalInfo={`${progress.deleted.toLocaleString('en-US')} deleted, ${progress.remaining.toLocaleString('en-US')} remaining`}
            />
          )}
        </SpaceBetween>
      </Modal>
    </>
  );
}
