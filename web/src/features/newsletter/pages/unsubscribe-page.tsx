/**
 * /unsubscribe?token=...: where a newsletter's unsubscribe link leads. Opening it changes nothing (mail
 * scanners open every link in a message); the person confirms with a button, which sends the token in a POST.
 * A link cut short or never issued says so and how to go on.
 */
import { useSearchParams } from 'react-router-dom';
import { UNSUBSCRIBE_TOKEN_PATTERN } from '#shared/schemas/newsletter';
import { Alert } from '../../../components/alert.tsx';
import { Button, ButtonLink } from '../../../components/button.tsx';
import { StatusPage } from '../../../components/status-page.tsx';
import { ApiError, errorMessage } from '../../../lib/api-error.ts';
import { useUnsubscribe } from '../api/use-newsletter.ts';

const HOME = (
  <ButtonLink to="/" variant="primary">
    Back to Home
  </ButtonLink>
);

export default function UnsubscribePage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const unsubscribe = useUnsubscribe();

  if (!UNSUBSCRIBE_TOKEN_PATTERN.test(token)) {
    return (
      <StatusPage
        heading="This unsubscribe link is not complete"
        text="Part of the link seems to be missing. Open the unsubscribe link from the newsletter e-mail again, or copy the whole address into your browser."
        actions={HOME}
      />
    );
  }
  if (unsubscribe.isSuccess) {
    return (
      <StatusPage
        heading="You're unsubscribed"
        text="You won't receive RaceFinder's newsletter any more. Changed your mind? Sign up again at the bottom of any page."
        actions={HOME}
      />
    );
  }
  const failure = unsubscribe.error;
  if (failure instanceof ApiError && failure.status === 404) {
    return (
      <StatusPage
        heading="This unsubscribe link is not valid"
        text="We could not find the subscription this link belongs to. Open the link from the newsletter e-mail again; if it still does not work, contact us and we will take your address off the list."
        actions={
          <>
            {HOME}
            <ButtonLink to="/contact">Contact us</ButtonLink>
          </>
        }
      />
    );
  }
  return (
    <StatusPage
      heading="Unsubscribe from the newsletter"
      text="Confirm below and we'll stop sending you RaceFinder's race news and training tips. Nothing changes until you do."
      actions={
        <>
          <Button variant="primary" onClick={() => unsubscribe.mutate(token)} disabled={unsubscribe.isPending}>
            {unsubscribe.isPending ? 'Unsubscribing…' : 'Unsubscribe'}
          </Button>
          <ButtonLink to="/">Keep my subscription</ButtonLink>
        </>
      }
    >
      {failure ? (
        <Alert tone="error" title="Your request did not go through">
          <p>{errorMessage(failure)} Press Unsubscribe to try again.</p>
        </Alert>
      ) : null}
    </StatusPage>
  );
}
