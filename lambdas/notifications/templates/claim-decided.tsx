/** An admin decided the reader's claim to be an event's organizer. */
import { eventDatePlaceFacts, titleForSubject } from './format.ts';
import { Facts, Note, Paragraph } from './layout.tsx';
import type { Template } from './message-context.ts';

export const claimDecided: Template<'claim-decided'> = (data, { url }) => {
  const { event } = data;
  const approved = data.decision === 'approved';
  return {
    subject: `Your claim of ${titleForSubject(event.title)} was ${approved ? 'approved' : 'not approved'}`,
    preview: approved ? 'You are now the organizer of this event on RaceFinder.' : 'Read the decision and what you can do next.',
    heading: approved ? 'Your claim was approved' : 'Your claim was not approved',
    action: { label: approved ? 'Manage your event' : 'See the event', href: url(`/events/${event.id}`) },
    body: (
      <>
        <Paragraph>
          {approved
            ? `You are now the organizer of ${event.title} on RaceFinder: you can edit its listing and promote it.`
            : `An admin reviewed your claim of ${event.title} and did not approve it.`}
        </Paragraph>
        <Facts
          facts={[
            ['Event', event.title],
            ...eventDatePlaceFacts(event),
            ['Decision', approved ? 'Approved' : 'Not approved'],
          ]}
        />
        {data.notes ? <Note from="Note from the RaceFinder team">{data.notes}</Note> : null}
      </>
    ),
    because: `you claimed ${event.title} on RaceFinder`,
  };
};
