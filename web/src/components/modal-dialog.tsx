import { useEffect, useRef, type CSSProperties, type ReactNode } from 'react';
import './modal-dialog.css';

/**
 * A native modal <dialog>, open while mounted: focus moves into it and stays there, and Escape asks
 * `onCancel` (which may refuse, as a payment under way does) instead of closing it behind React's back.
 */
export function ModalDialog({ titleId, width, className, onCancel, children }: { titleId: string; width?: number; className?: string; onCancel(): void; children: ReactNode }) {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) {
      // jsdom has no showModal: the open attribute shows the same content there.
      if (typeof element.showModal === 'function') element.showModal();
      else element.setAttribute('open', '');
    }
  }, []);
  return (
    <dialog
      ref={dialog}
      className={className ? `modal-dialog ${className}` : 'modal-dialog'}
      style={width ? ({ '--modal-dialog-width': `${width}px` } as CSSProperties) : undefined}
      aria-labelledby={titleId}
      onCancel={(cancelEvent) => {
        cancelEvent.preventDefault();
        onCancel();
      }}
    >
      {children}
    </dialog>
  );
}
