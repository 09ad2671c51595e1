/** A moderator hid a review the reader wrote: they are told which, and why when the moderator said. */
import { titleForSubject } from './format.ts';
import { InlineLink, Note, Paragraph } from './layout.tsx';
import type { Template } from './message-context.ts';

export const reviewHidden: Template<'review-hidden'> = (data, { url }) => ({
  subject: `Your review of ${titleForSubject(data.event.title)} was hidden`,
  preview: 'A moderator hid it after other runners reported it.',
  heading: 'Your review was hidden',
  action: { label: 'See the race', href: url(`/events/${data.event.id}`) },
  body: (
    <>
      <Paragraph>
        A moderator hid your review of {data.event.title} after other runners reported it. It no longer shows on the race&apos;s page.
      </Paragraph>
      {data.excerpt ? <Note from="Your review">{data.excerpt}</Note> : null}
      {data.note ? <Note from="Moderator's note">{data.note}</Note> : null}
      <Paragraph>
        If you think this was a mistake, <InlineLink href={url('/contact')}>contact us</InlineLink> and tell us why.
      </Paragraph>
    </>
  ),
});
