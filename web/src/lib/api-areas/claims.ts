/** The claims area's route table (an organizer's claims), loaded when a page first calls one of its routes (see ../use-api.ts). */
export const claimsArea = () => import('#shared/routes/claims').then((module) => module.CLAIMS_ROUTES);
