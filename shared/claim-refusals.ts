/**
 * The spec's refusals of a claim (spec 001 error catalogue, "Claim (card)"), by the error code the API answers
 * them with (409). Free of zod so the web shows them without loading schemas.
 */
export const CLAIM_REFUSALS = {
  event_already_claimed: { title: 'Event Already Claimed', message: 'This event has already been claimed by another organizer.' },
  claim_already_submitted: { title: 'Claim Already Submitted', message: 'You have already submitted a claim for this event.' },
  event_already_yours: { title: 'Event Already Claimed', message: 'This event is already yours.' },
} as const;
export type ClaimRefusalCode = keyof typeof CLAIM_REFUSALS;
