/** Event claims, the organizer's side: claim an event, see one's own claims. */
import * as z from 'zod';
import { ClaimEntrySchema, ClaimEventPathSchema, ClaimSchema, ClaimsPageSchema, CreateClaimBodySchema, MyClaimsQuerySchema } from '../schemas/claim.ts';
import { defineRoutes } from './define.ts';

export const CLAIMS_ROUTES = defineRoutes({
  createClaim: {
    method: 'POST',
    path: '/api/events/{id}/claims',
    access: 'organizer',
    data: 'read-write',
    handler: 'claims/create-claim',
    request: { path: ClaimEventPathSchema, body: CreateClaimBodySchema },
    response: ClaimSchema,
    status: 201,
    throttle: { rate: 5, burst: 10 },
    summary: 'Claim an event the caller runs; an admin reviews it (409 when already claimed or already pending)',
  },
  getMyClaim: {
    method: 'GET',
    path: '/api/events/{id}/claims/mine',
    access: 'organizer',
    data: 'read',
    handler: 'claims/get-my-claim',
    request: { path: ClaimEventPathSchema },
    response: z.object({ claim: ClaimEntrySchema.optional() }),
    summary: "The caller's claim on an event, if any (the detail page shows its state)",
  },
  listMyClaims: {
    method: 'GET',
    path: '/api/me/claims',
    access: 'organizer',
    data: 'read',
    handler: 'claims/list-my-claims',
    request: { query: MyClaimsQuerySchema },
    response: ClaimsPageSchema,
    summary: "The caller's claims with their events, newest first",
  },
});
