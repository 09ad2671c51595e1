/** POST /api/promotions: the server prices the promotion and answers it with its Stripe Checkout URL. */
import { PROMOTIONS_ROUTES } from '#shared/routes/promotions';
import { purchasePromotion } from '#data/promotion-purchase';
import { requireSiteUrl } from '#lib/site-url';
import { createHandler } from '#handler';

// Stripe sends the buyer back to the configured site only. The request's Origin header is the caller's to
// choose (any script outside a browser sets it), so return URLs built from it would send a buyer anywhere.
const site = requireSiteUrl('POST /api/promotions');

export const handler = createHandler(PROMOTIONS_ROUTES.createPromotion, async ({ body, caller }) => purchasePromotion(caller, body, site));
