/** The admin claims area's route table (the review queue), loaded when the claims screen first calls one of its routes. */
export const adminClaimsArea = () => import('#shared/routes/admin-claims').then((module) => module.ADMIN_CLAIMS_ROUTES);
