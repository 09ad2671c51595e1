import { buttonClass } from '../../../components/button.tsx';
import { useToggleSave, type SaveTarget } from '../api/use-saved-events.ts';
import './save-button.css';

export interface SaveButtonProps {
  event: SaveTarget;
  /** 'icon': the round heart on event cards; 'button': a labelled 'Save' / 'Saved' button (detail page). */
  variant?: 'icon' | 'button';
  className?: string;
}

function HeartIcon({ filled, size }: { filled: boolean; size: number }) {
  return (
    <svg viewBox="0 0 24 24" width={size} height={size} aria-hidden="true" focusable="false">
      <path
        d="M12 20.5s-7.5-4.6-9.3-9.4C1.4 7.6 3.6 4 7.2 4c2 0 3.6 1.1 4.8 2.8C13.2 5.1 14.8 4 16.8 4c3.6 0 5.8 3.6 4.5 7.1-1.8 4.8-9.3 9.4-9.3 9.4z"
        fill={filled ? 'currentColor' : 'none'}
        stroke="currentColor"
        strokeWidth="2"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/**
 * The saved-event toggle. Visitors get a sign-in prompt; the change shows at once and is rolled back if the
 * server refuses. The button stays enabled while a request runs (so keyboard focus is never lost) and
 * ignores clicks until it settles.
 */
export function SaveButton({ event, variant = 'icon', className }: SaveButtonProps) {
  const { toggle, pendingId, savedIds } = useToggleSave();
  const saved = savedIds.has(event.id);
  const busy = pendingId === event.id;
  const label = saved ? `Remove ${event.title} from saved` : `Save ${event.title}`;

  if (variant === 'button') {
    return (
      <button
        type="button"
        className={buttonClass({ variant: 'secondary' }, ['save-button', saved ? 'save-button--saved' : '', className ?? ''].filter(Boolean).join(' '))}
        aria-pressed={saved}
        aria-label={label}
        aria-busy={busy || undefined}
        onClick={() => void toggle(event)}
      >
        <HeartIcon filled={saved} size={18} />
        {saved ? 'Saved' : 'Save'}
      </button>
    );
  }

  return (
    <button
      type="button"
      className={['save-heart', saved ? 'save-heart--saved' : '', className ?? ''].filter(Boolean).join(' ')}
      aria-pressed={saved}
      aria-label={label}
      aria-busy={busy || undefined}
      title={saved ? 'Remove from saved' : 'Save event'}
      onClick={() => void toggle(event)}
    >
      <HeartIcon filled={saved} size={20} />
    </button>
  );
}
