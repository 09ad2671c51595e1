import type { ReactNode } from 'react';
import './alert.css';

/** An inline message box. Errors are announced immediately (role=alert); notes are plain text. */
export function Alert({ tone = 'info', title, children }: { tone?: 'info' | 'error' | 'success'; title?: string; children?: ReactNode }) {
  return (
    <div className={`alert alert--${tone}`} role={tone === 'error' ? 'alert' : undefined}>
      {title ? <p className="alert__title">{title}</p> : null}
      {children ? <div className="alert__body">{children}</div> : null}
    </div>
  );
}
