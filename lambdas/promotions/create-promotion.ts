/** POST /api/promotions: the server prices the promotion and answers it with its Stripe Checkout URL. */
import { PROMOTIONS_ROUTES } from '#shared/routes/promotions';
import { purchasePromotion, returnOrigin } from '#data/promotion-purchase';
import { createHandler } from '#handler';

export const handler = createHandler(PROMOTIONS_ROUTES.createPromotion, async ({ body, caller, headers }) =>
  purchasePromotion(caller, body, returnOrigin(headers)),
);
