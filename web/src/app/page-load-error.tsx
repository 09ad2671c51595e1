import { useEffect } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { Button, ButtonLink } from '../components/button.tsx';
import { StatusPage } from '../components/status-page.tsx';

/**
 * What a page shows when it cannot be shown: most often its code could not be downloaded (offline, or a
 * new release replaced the files of the one this tab started with), where reloading is the fix.
 */
export function PageLoadError() {
  const error = useRouteError();
  useEffect(() => console.error('Page failed to load', error), [error]);
  const offline = typeof navigator !== 'undefined' && navigator.onLine === false;
  return (
    <StatusPage
      title="Something went wrong"
      heading="This page could not be loaded"
      text={
        offline
          ? 'You appear to be offline. Check your connection, then reload the page.'
          : isRouteErrorResponse(error)
            ? `The server answered ${error.status}. Please try again in a moment.`
            : 'RaceFinder may have been updated since you opened it. Reloading gets the latest version.'
      }
      actions={
        <>
          <Button variant="primary" onClick={() => window.location.reload()}>
            Reload the page
          </Button>
          <ButtonLink to="/">Return to Home</ButtonLink>
        </>
      }
    />
  );
}
