/**
 * /notifications/unsubscribe?token=...: where a notification e-mail's footer "Unsubscribe" link leads. Opening it
 * changes nothing (mail scanners open every link); the person confirms with a button, which posts the token as
 * a mail client's one-click unsubscribe does. Signing in is not needed: the token says whose e-mail and which.
 */
import { useMutation } from '@tanstack/react-query';
import { useSearchParams } from 'react-router-dom';
import { NOTIFICATION_KIND_INFO, UnsubscribeScopeSchema, type UnsubscribeScope } from '#shared/schemas/notifications';
import { Alert } from '../../../components/alert.tsx';
import { Button, ButtonLink } from '../../../components/button.tsx';
import { StatusPage } from '../../../components/status-page.tsx';
import { ApiError, errorMessage } from '../../../lib/api-error.ts';
import { notificationsArea } from '../../../lib/api-areas/notifications.ts';
import { callPublicRoute } from '../../../lib/public-api.ts';

const SETTINGS = <ButtonLink to="/settings/notifications">Notification settings</ButtonLink>;
const HOME = (
  <ButtonLink to="/" variant="primary">
    Back to Home
  </ButtonLink>
);

/**
 * What the link would switch off, read from the token's payload to name it on the button. Only for the words:
 * the payload is not checked here, the server checks the signature before it changes anything.
 */
function scopeOf(token: string): UnsubscribeScope | undefined {
  try {
    const payload = token.split('.')[1] ?? '';
    const json = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as { kind?: unknown };
    const parsed = UnsubscribeScopeSchema.safeParse(json.kind);
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

const describe = (scope: UnsubscribeScope) =>
  scope === 'all'
    ? 'all optional e-mail: race alerts, new races for your searches and the weekly training summary'
    : NOTIFICATION_KIND_INFO[scope].label.toLowerCase();

export default function NotificationUnsubscribePage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const scope = scopeOf(token);
  const unsubscribe = useMutation({
    mutationFn: () =>
      callPublicRoute(notificationsArea, 'unsubscribe', {
        query: { token },
        body: {},
      }),
  });

  if (!scope) {
    return (
      <StatusPage
        heading="This unsubscribe link is not complete"
        text="Part of the link seems to be missing. Open the unsubscribe link from the e-mail again, or sign in and change what RaceFinder sends you in your notification settings."
        actions={
          <>
            {HOME}
            {SETTINGS}
          </>
        }
      />
    );
  }
  if (unsubscribe.isSuccess) {
    return (
      <StatusPage
        heading="You're unsubscribed"
        text={`RaceFinder won't e-mail you ${describe(unsubscribe.data.scope)} any more. You still see these in the app; you can turn e-mail back on in your notification settings.`}
        actions={
          <>
            {HOME}
            {SETTINGS}
          </>
        }
      />
    );
  }
  const failure = unsubscribe.error;
  if (failure instanceof ApiError && (failure.status === 409 || failure.status === 400 || failure.status === 404)) {
    return (
      <StatusPage
        heading={failure.status === 409 ? 'This link was used already' : 'This unsubscribe link does not work'}
        text={errorMessage(failure)}
        actions={
          <>
            {HOME}
            {SETTINGS}
          </>
        }
      />
    );
  }
  return (
    <StatusPage
      heading="Stop these e-mails?"
      text={`Confirm below and RaceFinder will stop e-mailing you ${describe(scope)}. Nothing changes until you do.`}
      actions={
        <>
          <Button variant="primary" onClick={() => unsubscribe.mutate()} disabled={unsubscribe.isPending}>
            {unsubscribe.isPending ? 'Unsubscribing…' : 'Unsubscribe'}
          </Button>
          <ButtonLink to="/">Keep getting them</ButtonLink>
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
