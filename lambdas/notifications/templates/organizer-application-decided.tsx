/** An admin approved or denied the reader's application to be an organizer. */
import { Facts, Note, Paragraph } from './layout.tsx';
import type { Template } from './message-context.ts';

export const organizerApplicationDecided: Template<'organizer-application-decided'> = (data, { url }) => {
  const approved = data.decision === 'approved';
  return {
    subject: approved ? 'You are now a RaceFinder organizer' : 'Your RaceFinder organizer application was not approved',
    preview: approved ? 'You can claim, create and promote your events.' : 'Read why, and apply again when you are ready.',
    heading: approved ? 'Your organizer application was approved' : 'Your organizer application was not approved',
    action: approved ? { label: 'Open your organizer dashboard', href: url('/organizer-dashboard') } : { label: 'See your application', href: url('/apply-organizer') },
    body: (
      <>
        <Paragraph>
          {approved
            ? 'Welcome aboard. You can now claim the events you run, create new ones and promote them, all from your organizer dashboard.'
            : 'Thank you for applying. An admin reviewed your application and did not approve it this time.'}
        </Paragraph>
        <Facts facts={[['Decision', approved ? 'Approved' : 'Not approved']]} />
        {data.notes ? <Note from="Note from the RaceFinder team">{data.notes}</Note> : null}
      </>
    ),
  };
};
