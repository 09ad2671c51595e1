/** Registration for a race the reader saved closes in 7 days, or tomorrow. */
import { longDate, titleForSubject } from './format.ts';
import { Facts, InlineLink, Paragraph } from './layout.tsx';
import type { Template } from './message-context.ts';
import { RaceFacts } from './race-facts.tsx';

export const registrationClosing: Template<'registration-closing'> = (data, { url, reader }) => {
  const { race } = data;
  const when = data.daysLeft === 1 ? 'tomorrow' : `in ${data.daysLeft} days`;
  const racePage = url(`/events/${race.id}`);
  return {
    subject: `Registration for ${titleForSubject(race.title)} closes ${when}`,
    preview: `Last day to register: ${longDate(data.registrationEndDate)}.`,
    heading: `Registration closes ${when}`,
    // The button goes where the reader can act: the race's own registration page when it has one.
    action: data.registrationUrl ? { label: 'Register now', href: data.registrationUrl } : { label: 'See the race', href: racePage },
    page: { label: 'See the race', href: racePage },
    body: (
      <>
        <Paragraph>
          Registration for {race.title}, a race you saved, closes {when}. If you mean to run it, now is the time to sign up.
        </Paragraph>
        <Facts facts={[['Last day to register', longDate(data.registrationEndDate)]]} />
        <RaceFacts race={race} unit={reader.unit} />
        {data.registrationUrl ? (
          <Paragraph>
            More about the race on <InlineLink href={racePage}>its RaceFinder page</InlineLink>.
          </Paragraph>
        ) : null}
      </>
    ),
    because: `you saved ${race.title}`,
  };
};
