import { useContext } from 'react';
import { AuthContext } from '../lib/auth/auth-context.ts';

export type ClaimedLabel = 'Claimed by You' | 'Claimed';

/**
 * The badge an owned event wears (spec 001 card badges): 'Claimed by You' for its owner, 'Claimed' for everyone
 * else, nothing when no organizer owns it. Reads the auth context without requiring it, so a card rendered
 * outside the app's providers (a test, a preview) simply shows 'Claimed'.
 */
export function useClaimedLabel(organizerId: string | undefined): ClaimedLabel | null {
  const viewerId = useContext(AuthContext)?.user?.id;
  if (!organizerId) return null;
  return viewerId !== undefined && viewerId === organizerId ? 'Claimed by You' : 'Claimed';
}
