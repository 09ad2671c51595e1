/** The receipt of a promotion's payment, sent once Stripe's verified webhook says it is paid. */
import { PROMOTION_TIER_LABELS } from '#shared/promotions';
import { dayOf, money, promotionSummary, titleForSubject } from './format.ts';
import { Facts, Paragraph } from './layout.tsx';
import type { Template } from './message-context.ts';

export const promotionPaid: Template<'promotion-paid'> = (data, { url }) => ({
  subject: `Receipt: ${PROMOTION_TIER_LABELS[data.tier]} promotion of ${titleForSubject(data.event.title)}, ${money(data.amountCents)}`,
  preview: `We received your payment of ${money(data.amountCents)}. An admin reviews your promotion next.`,
  heading: 'Thanks for your payment',
  action: { label: 'See your promotions', href: url('/organizer-dashboard') },
  body: (
    <>
      <Paragraph>
        We received your payment of {money(data.amountCents)} for promoting {data.event.title}. An admin reviews each promotion before it
        shows; we will e-mail you the decision.
      </Paragraph>
      <Facts
        facts={[
          ['Amount paid', money(data.amountCents)],
          ['Paid on', dayOf(data.paidAt)],
          ['Event', data.event.title],
          ['Promotion', promotionSummary(data)],
          ['Payment reference', data.paymentReference],
        ]}
      />
    </>
  ),
});
