/**
 * /contact: the topic comes from the link (?topic=), each field's problem shows under it with nothing typed
 * lost (the schema's own words, before anything is sent, and the server's), the honeypot is out of everyone's
 * way, and a sent message says where the answer will go. The API is the real client over a stubbed fetch.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp, signedInAs } from './render-app.tsx';

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

let fetchMock: ReturnType<typeof vi.fn<(input: RequestInfo | URL, init?: RequestInit) => Promise<Response>>>;

beforeAll(async () => {
  await import('../../web/src/features/contact/pages/contact-page.tsx');
});

beforeEach(() => {
  fetchMock = vi.fn<(input: RequestInfo | URL, init?: RequestInit) => Promise<Response>>();
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const form = async () => within(await screen.findByRole('form', { name: 'Contact form' }));
const sentBodies = () => fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/api/contact-messages')).map(([, init]) => JSON.parse(String(init?.body)) as Record<string, unknown>);

// Typing whole sentences with user-event is slow on two shared cores.
describe('the contact form', () => {
  it('chooses the topic the link names', async () => {
    renderApp({ path: '/contact?topic=sponsorship' });
    const sponsorship = await form();
    expect(sponsorship.getByLabelText('Topic')).toHaveValue('sponsorship');
    expect(sponsorship.getByRole('option', { name: 'Sponsorship', selected: true })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Contact Us · RaceFinder'));
  });

  it('leaves the topic to choose when the link names none or an unknown one', async () => {
    renderApp({ path: '/contact?topic=lottery' });
    expect((await form()).getByLabelText('Topic')).toHaveValue('');
  });

  it('shows each field’s problem under it before sending anything, moves focus to the first, and keeps what was typed', async () => {
    const user = userEvent.setup();
    renderApp({ path: '/contact' });
    const fields = await form();
    await user.type(fields.getByLabelText('E-mail address'), 'jordan@');
    await user.type(fields.getByLabelText('Message'), 'Too short');
    await user.click(fields.getByRole('button', { name: 'Send message' }));

    expect(fields.getByLabelText('Your name')).toHaveAccessibleDescription('Please enter your name');
    expect(fields.getByLabelText('E-mail address')).toHaveAccessibleDescription('Please enter a valid e-mail address, like name@example.com We answer here.');
    expect(fields.getByLabelText('Topic')).toHaveAccessibleDescription('Please choose what your message is about');
    expect(fields.getByLabelText('Message')).toHaveAccessibleDescription(/^Please write at least 10 characters/);
    for (const label of ['Your name', 'E-mail address', 'Topic', 'Message']) expect(fields.getByLabelText(label)).toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(fields.getByLabelText('Your name')).toHaveFocus());
    expect(fields.getByLabelText('E-mail address')).toHaveValue('jordan@');
    expect(fields.getByLabelText('Message')).toHaveValue('Too short');
    expect(sentBodies()).toEqual([]);

    // Fixed fields lose their error on the next try; the rest keep theirs.
    await user.type(fields.getByLabelText('Your name'), 'Jordan Lee');
    await user.click(fields.getByRole('button', { name: 'Send message' }));
    expect(fields.getByLabelText('Your name')).not.toHaveAttribute('aria-invalid');
    expect(fields.getByLabelText('E-mail address')).toHaveAttribute('aria-invalid', 'true');
    expect(sentBodies()).toEqual([]);
  });

  it('puts the server’s field errors under their fields and keeps the message', async () => {
    const user = userEvent.setup();
    fetchMock.mockImplementation(async () =>
      json(400, { error: { code: 'bad_request', message: 'Some fields are not valid', fields: { 'body.email': ['Please enter a valid e-mail address, like name@example.com'] } } }),
    );
    renderApp({ path: '/contact?topic=press' });
    const fields = await form();
    await user.type(fields.getByLabelText('Your name'), 'Jordan Lee');
    await user.type(fields.getByLabelText('E-mail address'), 'jordan@example.org');
    await user.type(fields.getByLabelText('Message'), 'A question about your coverage of trail races.');
    await user.click(fields.getByRole('button', { name: 'Send message' }));

    expect(await fields.findByRole('alert')).toHaveTextContent('Your message was not sentSome fields are not valid');
    expect(fields.getByLabelText('E-mail address')).toHaveAccessibleDescription(/^Please enter a valid e-mail address/);
    expect(fields.getByLabelText('Message')).toHaveValue('A question about your coverage of trail races.');
    expect(sentBodies()).toEqual([{ name: 'Jordan Lee', email: 'jordan@example.org', topic: 'press', message: 'A question about your coverage of trail races.' }]);
  });

  it('says so when many messages arrive at once (429), keeping the message to send again', async () => {
    const user = userEvent.setup();
    fetchMock.mockImplementation(async () => json(429, { error: { code: 'too_many_requests', message: 'Too many requests, try again later' } }));
    renderApp({ path: '/contact?topic=general' });
    const fields = await form();
    await user.type(fields.getByLabelText('Your name'), 'Jordan Lee');
    await user.type(fields.getByLabelText('E-mail address'), 'jordan@example.org');
    await user.type(fields.getByLabelText('Message'), 'Is the Boulder half marathon still on?');
    await user.click(fields.getByRole('button', { name: 'Send message' }));
    expect(await fields.findByRole('alert')).toHaveTextContent('Please wait a minute and send yours again.');
    expect(fields.getByLabelText('Message')).toHaveValue('Is the Boulder half marathon still on?');
  });

  it('sends the message, says where the answer will go, and offers another with the form emptied', async () => {
    const user = userEvent.setup();
    fetchMock.mockImplementation(async () => json(202, { received: true }));
    renderApp({ path: '/contact?topic=volunteer' });
    const fields = await form();
    await user.type(fields.getByLabelText('Your name'), '  Jordan Lee ');
    await user.type(fields.getByLabelText('E-mail address'), 'jordan@example.org');
    await user.type(fields.getByLabelText('Message'), 'I would like to help at aid stations in Colorado.');
    await user.click(fields.getByRole('button', { name: 'Send message' }));

    const sent = await screen.findByRole('status', { name: 'Message sent' });
    expect(sent).toHaveTextContent('Your message about volunteering is with the RaceFinder team, and we will answer at jordan@example.org.');
    expect(sentBodies()).toEqual([{ name: 'Jordan Lee', email: 'jordan@example.org', topic: 'volunteer', message: 'I would like to help at aid stations in Colorado.' }]);
    const [, init] = fetchMock.mock.calls[0]!;
    expect(init?.method).toBe('POST');
    expect(new Headers(init?.headers).get('authorization')).toBeNull();

    await user.click(within(sent).getByRole('button', { name: 'Send another message' }));
    const again = await form();
    expect(again.getByLabelText('Message')).toHaveValue('');
    expect(again.getByLabelText('Topic')).toHaveValue('volunteer');
  });

  it('keeps the honeypot out of sight, out of the tab order and away from assistive technology', async () => {
    renderApp({ path: '/contact' });
    await form();
    expect(screen.queryByRole('textbox', { name: 'Website' })).toBeNull();
    const trap = document.querySelector<HTMLInputElement>('input[name="website"]')!;
    expect(trap.tabIndex).toBe(-1);
    expect(trap.closest('[aria-hidden="true"]')).not.toBeNull();
  });

  it('fills in a signed-in athlete’s name and e-mail', async () => {
    const { auth, profile } = signedInAs('athlete');
    renderApp({ path: '/contact?topic=bug', auth, profile });
    const fields = await form();
    expect(fields.getByLabelText('Your name')).toHaveValue('Sam Rivera');
    expect(fields.getByLabelText('E-mail address')).toHaveValue('athlete.demo@example.com');
  });

  it('shows the team’s contact details beside the form when the deployment configures them', async () => {
    renderApp({ path: '/contact', siteContact: { email: 'team@racefinder.example', city: 'Anytown, USA' } });
    await form();
    const aside = screen.getByRole('complementary', { name: 'Other ways to reach us' });
    expect(within(aside).getByRole('link', { name: 'team@racefinder.example' })).toHaveAttribute('href', 'mailto:team@racefinder.example');
    expect(within(aside).getByText('Anytown, USA')).toBeInTheDocument();
  });
});
