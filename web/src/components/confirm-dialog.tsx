/** Asks before something that cannot be undone (deleting a workout, a goal, a plan; retiring a feed's address). */
import { useId, type ReactNode } from 'react';
import { Button } from './button.tsx';
import { ModalDialog } from './modal-dialog.tsx';
import './confirm-dialog.css';

export function ConfirmDialog({ title, children, confirmText, busy, onConfirm, onCancel }: { title: string; children: ReactNode; confirmText: string; busy?: boolean; onConfirm(): void; onCancel(): void }) {
  const titleId = useId();
  return (
    <ModalDialog titleId={titleId} width={440} onCancel={onCancel}>
      <div className="confirm-dialog">
        <h2 id={titleId} className="modal-dialog__title">
          {title}
        </h2>
        <div>{children}</div>
        <div className="confirm-dialog__actions">
          <Button onClick={onCancel}>Cancel</Button>
          <Button variant="danger" disabled={busy} onClick={onConfirm}>
            {confirmText}
          </Button>
        </div>
      </div>
    </ModalDialog>
  );
}
