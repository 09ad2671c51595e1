import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp, signedInAs } from './render-app.tsx';

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

let fetchMock: ReturnType<typeof vi.fn<(input: RequestInfo | URL, init?: RequestInit) => Promise<Response>>>;

beforeAll(async () => {
  await import('../../web/src/app/pages/organizer-dashboard-route.tsx');
});

beforeEach(() => {
  fetchMock = vi.fn<(input: RequestInfo | URL, init?: RequestInit) => Promise<Response>>();
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const tile = (label: string) => within(screen.getByRole('list', { name: 'Summary' })).getByText(label).closest('li')!;

describe('organizer dashboard tiles', () => {
  it('says when the figures could not be loaded, and shows them after Try again', async () => {
    const summaries = [
      json(500, { error: { code: 'internal', message: 'Something went wrong on our side' } }),
      json(200, { claims: { total: 3, pending: 1, approved: 2, rejected: 0 }, promotions: { total: 1, active: 1 } }),
    ];
    fetchMock.mockImplementation(async (input) => (String(input).startsWith('/api/organizer/summary') ? summaries.shift()! : json(404, {})));
    renderApp({ path: '/organizer-dashboard', ...signedInAs('organizer', { getIdToken: vi.fn(async () => 'id-token') }) });

    const alert = (await screen.findByText('Your figures could not be loaded')).closest<HTMLElement>('[role="alert"]')!;
    expect(alert).toHaveTextContent('Something went wrong on our side');
    expect(tile('Event Claims')).toHaveTextContent('–');

    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await vi.waitFor(() => expect(tile('Event Claims')).toHaveTextContent('3'));
    expect(tile('Approved Claims')).toHaveTextContent('2');
    expect(tile('Active Promotions')).toHaveTextContent('1');
    expect(screen.queryByText('Your figures could not be loaded')).not.toBeInTheDocument();
  });
});
