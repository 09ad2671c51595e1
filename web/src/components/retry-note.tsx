import { errorMessage } from '../lib/api-error.ts';
import { Button } from './button.tsx';

/**
 * A part of a page that could not load, said in one line where it would have been: what failed, the server's words,
 * and Try again. LoadErrorPanel is the same for a whole list, as a panel in its place.
 */
export function RetryNote({ what, error, retry, className }: { what: string; error: unknown; retry(): void; className?: string }) {
  return (
    <p className={className}>
      {what} could not be loaded. {errorMessage(error)}{' '}
      <Button size="sm" variant="ghost" onClick={retry}>
        Try again
      </Button>
    </p>
  );
}
