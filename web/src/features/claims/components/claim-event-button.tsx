/**
 * 'Claim Event' on cards and the event page. Ships with the event cards (the public entry), so it is tiny: the
 * dialog, its form, its styles and the API client load only when an organizer opens it.
 */
import { lazy, Suspense, useRef, useState } from 'react';
import { buttonClass, type ButtonSize } from '../../../components/button.tsx';
import { useRole } from '../../../lib/use-me.ts';
import { mayClaim } from '../api/claim-roles.ts';

const ClaimDialog = lazy(() => import('./claim-dialog.tsx'));

export interface ClaimTarget {
  id: string;
  title: string;
  organizerId?: string;
}

export function ClaimEventButton({ event, size = 'sm', label = 'Claim Event', block = false }: { event: ClaimTarget; size?: ButtonSize; label?: string; block?: boolean }) {
  const role = useRole();
  const [open, setOpen] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  // An owned event cannot be claimed; visitors and athletes are not offered it (the server refuses them too).
  if (!mayClaim(role) || event.organizerId) return null;
  return (
    <>
      <button ref={trigger} type="button" className={buttonClass({ variant: 'secondary', size, block })} aria-haspopup="dialog" onClick={() => setOpen(true)}>
        {label}
        {label === 'Claim Event' ? <span className="visually-hidden"> {event.title}</span> : null}
      </button>
      {open ? (
        <Suspense fallback={null}>
          <ClaimDialog
            event={event}
            onClose={() => {
              setOpen(false);
              // Back to where the organizer was: the dialog that had focus is gone.
              trigger.current?.focus();
            }}
          />
        </Suspense>
      ) : null}
    </>
  );
}
