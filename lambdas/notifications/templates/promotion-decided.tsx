/** An admin approved a paid promotion (search shows it on its days) or rejected it (its payment is refunded). */
import { money, promotionSummary, titleForSubject } from './format.ts';
import { Facts, Note, Paragraph } from './layout.tsx';
import type { Template } from './message-context.ts';

export const promotionDecided: Template<'promotion-decided'> = (data, { url }) => {
  const approved = data.decision === 'approved';
  return {
    subject: `Your promotion of ${titleForSubject(data.event.title)} was ${approved ? 'approved' : 'not approved'}`,
    preview: approved ? 'It shows in search on the days you chose.' : `Your payment of ${money(data.amountCents)} is refunded.`,
    heading: approved ? 'Your promotion was approved' : 'Your promotion was not approved',
    action: { label: 'See your promotions', href: url('/organizer-dashboard') },
    body: (
      <>
        <Paragraph>
          {approved
            ? `${data.event.title} is lifted in search results on the days of your promotion.`
            : `An admin did not approve your promotion of ${data.event.title}. Your payment of ${money(data.amountCents)} is refunded through Stripe; a separate e-mail confirms the refund.`}
        </Paragraph>
        <Facts
          facts={[
            ['Event', data.event.title],
            ['Promotion', promotionSummary(data)],
            ['Amount', money(data.amountCents)],
            ['Decision', approved ? 'Approved' : 'Not approved'],
          ]}
        />
        {data.notes ? <Note from="Note from the RaceFinder team">{data.notes}</Note> : null}
      </>
    ),
  };
};
