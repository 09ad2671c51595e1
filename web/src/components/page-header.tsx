import type { ReactNode } from 'react';
import './page-header.css';

export function PageHeader({ title, lede, eyebrow, actions }: { title: string; lede?: ReactNode; eyebrow?: string; actions?: ReactNode }) {
  return (
    <div className="page-header">
      <div className="container page-header__inner">
        <div>
          {eyebrow ? <p className="page-header__eyebrow">{eyebrow}</p> : null}
          <h1 className="page-header__title">{title}</h1>
          {lede ? <p className="page-header__lede">{lede}</p> : null}
        </div>
        {actions ? <div className="page-header__actions">{actions}</div> : null}
      </div>
    </div>
  );
}
