import { useId, type ReactNode } from 'react';
import { useDocumentTitle } from './use-document-title.ts';
import './status-page.css';

export interface StatusPageProps {
  /** The heading, one line. */
  heading: string;
  /** The tab title; the heading when omitted. */
  title?: string;
  /** The sentence under the heading. */
  text?: ReactNode;
  /** The ways out (links or buttons), in a row under the text. */
  actions?: ReactNode;
  children?: ReactNode;
}

/** A page whose whole content is one state: not found, sign in first, access denied, or an error with a way out. */
export function StatusPage({ heading, title, text, actions, children }: StatusPageProps) {
  useDocumentTitle(title ?? heading);
  const headingId = useId();
  return (
    <section className="status-page container" aria-labelledby={headingId}>
      <h1 id={headingId} className="status-page__title">
        {heading}
      </h1>
      {text ? <p className="status-page__text">{text}</p> : null}
      {children}
      {actions ? <div className="status-page__actions">{actions}</div> : null}
    </section>
  );
}
