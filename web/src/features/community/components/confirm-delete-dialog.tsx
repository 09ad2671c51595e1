/** Asks before deleting a recap, which cannot be undone. */
import { useId, type ReactNode } from 'react';
import { Button } from '../../../components/button.tsx';
import { ModalDialog } from '../../../components/modal-dialog.tsx';

export function ConfirmDeleteDialog({ title, children, busy, onConfirm, onCancel }: { title: string; children: ReactNode; busy: boolean; onConfirm(): void; onCancel(): void }) {
  const titleId = useId();
  return (
    <ModalDialog titleId={titleId} width={440} onCancel={onCancel}>
      <div className="community-dialog">
        <h2 id={titleId} className="modal-dialog__title">
          {title}
        </h2>
        <div>{children}</div>
        <div className="community-dialog__actions">
          <Button onClick={onCancel}>Cancel</Button>
          <Button variant="danger" disabled={busy} onClick={onConfirm}>
            {busy ? 'Deleting…' : 'Delete Recap'}
          </Button>
        </div>
      </div>
    </ModalDialog>
  );
}
