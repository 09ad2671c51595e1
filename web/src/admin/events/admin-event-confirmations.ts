/**
 * What the admin events screen asks before an action that takes events out of public view, removes them or
 * changes many at once: deleting, unverifying (unpublishing) a row, and every bulk action.
 */
import type { AdminEventRow, BulkAction } from '#shared/schemas/admin-events';

export interface PendingConfirm {
  readonly action: BulkAction;
  readonly rows: readonly AdminEventRow[];
  /** From the bulk bar (the selection), not a row's own action. */
  readonly bulk: boolean;
}

export interface ConfirmWords {
  readonly header: string;
  readonly text: string;
  readonly button: string;
}

const events = (n: number) => `${n.toLocaleString('en-US')} ${n === 1 ? 'event' : 'events'}`;

export function confirmWords({ action, rows, bulk }: PendingConfirm): ConfirmWords {
  const n = rows.length;
  switch (action) {
    case 'delete':
      return bulk
        ? { header: 'Delete events', text: `Are you sure you want to delete ${events(n)}? This action cannot be undone.`, button: 'Delete' }
        : { header: 'Delete event', text: 'Are you sure you want to delete this event? This action cannot be undone.', button: 'Delete' };
    case 'unverify':
      return bulk
        ? { header: 'Unverify events', text: `Unverify ${events(n)}? They leave public search until an admin verifies them again.`, button: 'Unverify' }
        : { header: 'Unverify event', text: 'Unverify this event? It leaves public search until an admin verifies it again.', button: 'Unverify' };
    case 'verify':
      return { header: 'Verify events', text: `Verify ${events(n)}? They will show in public search.`, button: 'Verify' };
    case 'feature':
      return { header: 'Feature events', text: `Feature ${events(n)}? They will carry the Featured badge, the editors' pick.`, button: 'Feature' };
    case 'unfeature':
      return { header: 'Unfeature events', text: `Unfeature ${events(n)}? They will no longer carry the Featured badge.`, button: 'Unfeature' };
  }
}

/** What a bulk action leaves on a row it changed. */
export function bulkFields(action: Exclude<BulkAction, 'delete'>): Partial<AdminEventRow> {
  switch (action) {
    case 'verify':
      return { verified: true };
    case 'unverify':
      return { verified: false };
    case 'feature':
      return { featured: true };
    case 'unfeature':
      return { featured: false };
  }
}
