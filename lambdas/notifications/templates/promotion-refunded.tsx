/** The receipt of a promotion's refund. */
import { dayOf, money, promotionSummary, titleForSubject } from './format.ts';
import { Facts, Note, Paragraph } from './layout.tsx';
import type { Template } from './message-context.ts';

export const promotionRefunded: Template<'promotion-refunded'> = (data, { url }) => ({
  subject: `Refund: ${money(data.amountCents)} for your promotion of ${titleForSubject(data.event.title)}`,
  preview: `${money(data.amountCents)} is on its way back to your card.`,
  heading: 'Your promotion was refunded',
  action: { label: 'See your promotions', href: url('/organizer-dashboard') },
  body: (
    <>
      <Paragraph>
        We refunded {money(data.amountCents)} for your promotion of {data.event.title}. Stripe returns it to the card you paid with; banks
        usually show it within 5 to 10 business days.
      </Paragraph>
      <Facts
        facts={[
          ['Amount refunded', money(data.amountCents)],
          ['Refunded on', dayOf(data.refundedAt)],
          ['Event', data.event.title],
          ['Promotion', promotionSummary(data)],
        ]}
      />
      {data.reason ? <Note from="Why">{data.reason}</Note> : null}
    </>
  ),
});
