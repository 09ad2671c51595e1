/** An admin decided a race the reader told RaceFinder about (/submit-event). */
import { eventDatePlaceFacts, titleForSubject } from './format.ts';
import { Facts, Note, Paragraph } from './layout.tsx';
import type { Template } from './message-context.ts';

export const submittedEventDecided: Template<'submitted-event-decided'> = (data, { url }) => {
  const { event } = data;
  const approved = data.decision === 'approved';
  return {
    subject: approved ? `${titleForSubject(event.title)} is now listed on RaceFinder` : `${titleForSubject(event.title)} was not added to RaceFinder`,
    preview: approved ? 'Thanks for telling us about it: runners can find it now.' : 'Read why, and what you can do next.',
    heading: approved ? 'The race you suggested is listed' : 'The race you suggested was not added',
    // A rejected suggestion is deleted: the submitter's own list is where its decision stays.
    action: approved ? { label: 'See the race', href: url(`/events/${event.id}`) } : { label: 'See your suggestions', href: url('/submit-event') },
    body: (
      <>
        <Paragraph>
          {approved
            ? `Thanks for telling us about ${event.title}. An admin checked it and it is now listed, so runners can find it.`
            : `Thanks for telling us about ${event.title}. An admin reviewed it and did not add it to RaceFinder.`}
        </Paragraph>
        <Facts
          facts={[
            ['Race', event.title],
            ...eventDatePlaceFacts(event),
            ['Decision', approved ? 'Listed' : 'Not added'],
          ]}
        />
        {data.notes ? <Note from="Note from the RaceFinder team">{data.notes}</Note> : null}
      </>
    ),
  };
};
