/** Asks before something that cannot be undone (deleting a workout, a goal, a plan). */
import { useId, type ReactNode } from 'react';
import { Button } from '../../../components/button.tsx';
import { ModalDialog } from '../../../components/modal-dialog.tsx';
import './training-dialog.css';

export function ConfirmDialog({ title, children, confirmText, busy, onConfirm, onCancel }: { title: string; children: ReactNode; confirmText: string; busy?: boolean; onConfirm(): void; onCancel(): void }) {
  const titleId = useId();
  return (
    <ModalDialog titleId={titleId} width={440} onCancel={onCancel}>
      <div className="training-form">
        <h2 id={titleId} className="modal-dialog__title">
          {title}
        </h2>
        <div>{children}</div>
        <div className="training-form__actions">
          <Button onClick={onCancel}>Cancel</Button>
          <Button variant="danger" disabled={busy} onClick={onConfirm}>
            {confirmText}
          </Button>
        </div>
      </div>
    </ModalDialog>
  );
}
