import { act, renderHook, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { beforeEach, describe, expect, it } from 'vitest';
import { ToastProvider } from '../../web/src/components/toast.tsx';
import { ApiError } from '../../web/src/lib/api-error.ts';
import { AuthContext, type AuthContextValue } from '../../web/src/lib/auth/auth-context.ts';
import { SaveButton } from '../../web/src/features/saved/components/save-button.tsx';
import { useSavedEvents } from '../../web/src/features/saved/api/use-saved-events.ts';
import { createFakeApi, deferred, makeEvent, type FakeApi } from './events-fixtures.ts';
import { fakeAuth, renderApp, signedInAs } from './render-app.tsx';
import { answerApiWith } from './fake-use-api.ts';

const mocked = { api: undefined as unknown as FakeApi };

beforeEach(() => {
  mocked.api = createFakeApi();
  answerApiWith(mocked.api.request);
});

function LocationProbe() {
  const location = useLocation();
  return <p data-testid="location">{location.pathname}</p>;
}

function renderButton(element: ReactNode, auth: AuthContextValue = fakeAuth()) {
  return renderApp({
    auth,
    routes: [
      { path: '/', element: <>{element}</> },
      { path: '/auth', element: <LocationProbe /> },
    ],
  });
}

const event = makeEvent({ title: 'Bolder Boulder 10K' });

describe('save button', () => {
  it('asks a signed-out visitor to sign in, with a way to /auth, and calls nothing', async () => {
    const user = userEvent.setup();
    renderButton(<SaveButton event={event} />);
    const button = screen.getByRole('button', { name: 'Save Bolder Boulder 10K' });
    expect(button).toHaveAttribute('aria-pressed', 'false');

    await user.click(button);
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Please sign in');
    expect(alert).toHaveTextContent('You need to be signed in to save events');
    expect(button).toHaveAttribute('aria-pressed', 'false');
    expect(mocked.api.request).not.toHaveBeenCalled();

    await user.click(within(alert).getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/auth');
  });

  it('saves at once for a signed-in athlete and confirms with a toast', async () => {
    const user = userEvent.setup();
    const { auth } = signedInAs('athlete');
    const save = deferred<{ eventId: string; savedAt: string }>();
    mocked.api.on('saveEvent', () => save.promise);
    renderButton(<SaveButton event={event} />, auth);
    const button = await screen.findByRole('button', { name: 'Save Bolder Boulder 10K' });
    await waitFor(() => expect(mocked.api.callsOf('listSavedEvents')).toHaveLength(1));

    await user.click(button);
    // Optimistic: pressed while the request is still open.
    expect(screen.getByRole('button', { name: 'Remove Bolder Boulder 10K from saved' })).toHaveAttribute('aria-pressed', 'true');
    expect(mocked.api.callsOf('saveEvent')).toEqual([{ path: { eventId: event.id } }]);

    mocked.api.saved.set(event.id, { savedAt: '2030-01-01T00:00:00.000Z', event });
    await act(async () => save.resolve({ eventId: event.id, savedAt: '2030-01-01T00:00:00.000Z' }));
    expect(await screen.findByText('Event saved!')).toBeInTheDocument();
    expect(screen.getByText('Event has been added to your dashboard')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remove Bolder Boulder 10K from saved' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('removes a saved event and says so', async () => {
    const user = userEvent.setup();
    const { auth } = signedInAs('athlete');
    mocked.api.saved.set(event.id, { savedAt: '2030-01-01T00:00:00.000Z', event });
    renderButton(<SaveButton event={event} variant="button" />, auth);
    const button = await screen.findByRole('button', { name: 'Remove Bolder Boulder 10K from saved' });
    expect(button).toHaveTextContent('Saved');

    await user.click(button);
    expect(mocked.api.callsOf('unsaveEvent')).toEqual([{ path: { eventId: event.id } }]);
    expect(await screen.findByText('Event has been removed from your dashboard')).toBeInTheDocument();
    expect(screen.getByText('Event removed')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save Bolder Boulder 10K' })).toHaveTextContent('Save');
  });

  it('rolls back and reports a failed save', async () => {
    const user = userEvent.setup();
    const { auth } = signedInAs('athlete');
    mocked.api.on('saveEvent', () => {
      throw new ApiError(503, 'Unavailable');
    });
    renderButton(<SaveButton event={event} />, auth);
    await waitFor(() => expect(mocked.api.callsOf('listSavedEvents')).toHaveLength(1));
    await user.click(screen.getByRole('button', { name: 'Save Bolder Boulder 10K' }));

    const alert = await screen.findByRole('alert');
    await waitFor(() => expect(alert).toHaveTextContent('ErrorFailed to save event. Please try again.'));
    expect(screen.getByRole('button', { name: 'Save Bolder Boulder 10K' })).toHaveAttribute('aria-pressed', 'false');
  });

  it('rolls back and reports a failed removal', async () => {
    const user = userEvent.setup();
    const { auth } = signedInAs('athlete');
    mocked.api.saved.set(event.id, { savedAt: '2030-01-01T00:00:00.000Z', event });
    mocked.api.on('unsaveEvent', () => {
      throw new ApiError(0, 'Offline');
    });
    renderButton(<SaveButton event={event} />, auth);
    await user.click(await screen.findByRole('button', { name: 'Remove Bolder Boulder 10K from saved' }));

    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Failed to remove event. Please try again.'));
    expect(screen.getByRole('button', { name: 'Remove Bolder Boulder 10K from saved' })).toHaveAttribute('aria-pressed', 'true');
  });
});

describe('useSavedEvents', () => {
  function wrapperFor(auth: AuthContextValue) {
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    return function Wrapper({ children }: { children: ReactNode }) {
      return (
        <QueryClientProvider client={queryClient}>
          <ToastProvider>
            <AuthContext.Provider value={auth}>
              <MemoryRouter>{children}</MemoryRouter>
            </AuthContext.Provider>
          </ToastProvider>
        </QueryClientProvider>
      );
    };
  }

  it('is empty and not loading for a visitor, without calling the API', () => {
    const { result } = renderHook(() => useSavedEvents(), { wrapper: wrapperFor(fakeAuth()) });
    expect(result.current).toMatchObject({ entries: [], isLoading: false, error: null });
    expect(result.current.savedIds.size).toBe(0);
    expect(mocked.api.request).not.toHaveBeenCalled();
  });

  it('reads every page of the saved list', async () => {
    const first = makeEvent();
    const second = makeEvent();
    mocked.api.on('listSavedEvents', ({ query }) =>
      query?.cursor === 'page-2'
        ? { items: [{ savedAt: '2030-01-01T00:00:00.000Z', event: second }] }
        : { items: [{ savedAt: '2030-01-02T00:00:00.000Z', event: first }], nextCursor: 'page-2' },
    );
    const { result } = renderHook(() => useSavedEvents(), { wrapper: wrapperFor(signedInAs('athlete').auth) });
    expect(result.current.isLoading).toBe(true);
    await waitFor(() => expect(result.current.isLoading).toBe(false));
    expect(result.current.entries.map((entry) => entry.event.id)).toEqual([first.id, second.id]);
    expect([...result.current.savedIds]).toEqual([first.id, second.id]);
    expect(mocked.api.callsOf('listSavedEvents').map((input) => input.query)).toEqual([{}, { cursor: 'page-2' }]);
  });
});
