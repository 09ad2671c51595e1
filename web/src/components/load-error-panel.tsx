import { errorMessage } from '../lib/api-error.ts';
import { Button } from './button.tsx';
import './state-panel.css';

/** A list that could not load, in place of the list: what failed, the server's words, and Try again. */
export function LoadErrorPanel({ title, error, retry }: { title: string; error: unknown; retry(): void }) {
  return (
    <div className="state-panel state-panel--error">
      <p className="state-panel__title">{title}</p>
      <p className="state-panel__text">{errorMessage(error)}</p>
      <Button variant="primary" onClick={retry}>
        Try again
      </Button>
    </div>
  );
}
