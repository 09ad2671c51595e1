import type { ClaimEntry } from '#shared/schemas/claim';
import { Button } from '../../../components/button.tsx';
import type { PromoteTarget } from './promote-dialog.tsx';

/** 'Promote Event' beside an approved claim (nothing beside others): it opens the promote dialog for its event. */
export function PromoteClaimButton({ claim, onPromote }: { claim: ClaimEntry; onPromote(target: PromoteTarget): void }) {
  const event = claim.event;
  if (claim.status !== 'approved' || !event) return null;
  return (
    <Button
      size="sm"
      variant="primary"
      aria-haspopup="dialog"
      onClick={() => onPromote({ id: event.id, title: event.title, state: event.state, eventType: event.eventType ?? 'other', eventDate: event.eventDate })}
    >
      Promote Event
    </Button>
  );
}
