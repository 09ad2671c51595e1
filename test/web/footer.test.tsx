import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from './render-app.tsx';

// The footer loads in a chunk of its own after the page (app-shell.tsx): each test waits for it.
// A cold import of that chunk in jsdom can take a few seconds on a busy machine.
const footer = async () => within(await screen.findByRole('contentinfo'));

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
let fetchMock: ReturnType<typeof vi.fn<(input: RequestInfo | URL, init?: RequestInit) => Promise<Response>>>;
beforeEach(() => {
  fetchMock = vi.fn<(input: RequestInfo | URL, init?: RequestInit) => Promise<Response>>(async () => json(202, { subscribed: true }));
  vi.stubGlobal('fetch', fetchMock);
});
const signUps = () => fetchMock.mock.calls.filter(([url]) => String(url) === '/api/newsletter-subscriptions');

// Importing the footer's chunk once here keeps its first (cold) load out of the first test's wait.
beforeAll(async () => {
  await import('../../web/src/app/navigation/site-footer.tsx');
});

describe('footer', () => {
  it('does nothing when the newsletter e-mail is empty', async () => {
    const user = userEvent.setup();
    renderApp();
    await user.click((await footer()).getByRole('button', { name: 'Subscribe' }));
    expect(screen.queryByText('Subscribed!')).toBeNull();
    expect((await footer()).getByLabelText('Newsletter e-mail')).not.toHaveAttribute('aria-invalid');
    expect(signUps()).toHaveLength(0);
  });

  it('sends the address to the server, then confirms with the toast and clears the field', async () => {
    const user = userEvent.setup();
    renderApp();
    const email = (await footer()).getByLabelText('Newsletter e-mail');
    await user.type(email, ' runner@example.com ');
    await user.click((await footer()).getByRole('button', { name: 'Subscribe' }));
    await waitFor(() => expect(screen.getByRole('status', { name: '' })).toHaveTextContent("Subscribed!You'll receive the latest race updates and training tips."));
    expect(email).toHaveValue('');
    expect(signUps()).toHaveLength(1);
    const [, init] = signUps()[0]!;
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({ email: 'runner@example.com' });
  });

  it('keeps the address and says what went wrong when the sign-up fails', async () => {
    fetchMock.mockImplementation(async () => json(429, { error: { code: 'too_many_requests', message: 'Too many requests from your network. Please wait a few minutes and try again.' } }));
    const user = userEvent.setup();
    renderApp();
    const email = (await footer()).getByLabelText('Newsletter e-mail');
    await user.type(email, 'runner@example.com');
    await user.click((await footer()).getByRole('button', { name: 'Subscribe' }));
    expect(await (await footer()).findByRole('alert')).toHaveTextContent('Too many requests from your network. Please wait a few minutes and try again.');
    expect(email).toHaveValue('runner@example.com');
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByText('Subscribed!')).toBeNull();
  });

  it("shows the server's words for an address it refuses", async () => {
    fetchMock.mockImplementation(async () => json(400, { error: { code: 'bad_request', message: 'Some fields are not valid', fields: { 'body.email': ['An e-mail address has at most 254 characters.'] } } }));
    const user = userEvent.setup();
    renderApp();
    const email = (await footer()).getByLabelText('Newsletter e-mail');
    await user.type(email, 'runner@example.com');
    await user.click((await footer()).getByRole('button', { name: 'Subscribe' }));
    await waitFor(() => expect(email).toHaveAccessibleDescription('An e-mail address has at most 254 characters.'));
  });

  it('hides the honeypot from people: out of the tab order and of the accessibility tree', async () => {
    renderApp();
    await footer();
    const trap = document.getElementById('newsletter-homepage')!;
    expect(trap).toHaveAttribute('tabindex', '-1');
    expect(trap.closest('[aria-hidden="true"]')).not.toBeNull();
    expect((await footer()).queryByRole('textbox', { name: /leave this field empty/i })).toBeNull();
  });

  it('points out a malformed newsletter address instead of accepting it', async () => {
    const user = userEvent.setup();
    renderApp();
    const email = (await footer()).getByLabelText('Newsletter e-mail');
    await user.type(email, 'runner@');
    await user.click((await footer()).getByRole('button', { name: 'Subscribe' }));
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription('Enter a valid e-mail address, like name@example.com.');
    expect(screen.queryByText('Subscribed!')).toBeNull();
    expect(email).toHaveValue('runner@');
    expect(signUps()).toHaveLength(0);
  });

  it('shows the current year in the copyright', async () => {
    renderApp();
    expect((await footer()).getByText(`© ${new Date().getFullYear()} RaceFinder. All rights reserved.`)).toBeInTheDocument();
  });

  it('links to the pages of the route table', async () => {
    renderApp();
    const links = await footer();
    for (const [name, href] of [
      ['Race Calendar', '/calendar'],
      ['Training Dashboard', '/training-dashboard'],
      ['Race Reviews', '/reviews'],
      ['Blog', '/blog'],
      ['Claim an Event', '/claim-event'],
      ['Promote an Event', '/promote-event'],
      ['Submit an Event', '/submit-event'],
      ['Contact', '/contact'],
    ]) {
      expect(links.getByRole('link', { name: name! })).toHaveAttribute('href', href);
    }
  });

  it('shows the contact details the deployment configures (/config.json), with the link to the contact form', async () => {
    renderApp({ siteContact: { email: 'team@racefinder.example', phone: '+1 555 0100', city: 'Anytown, USA' } });
    const links = await footer();
    expect(links.getByText('Anytown, USA')).toBeInTheDocument();
    expect(links.getByRole('link', { name: '+1 555 0100' })).toHaveAttribute('href', 'tel:+15550100');
    expect(links.getByRole('link', { name: 'team@racefinder.example' })).toHaveAttribute('href', 'mailto:team@racefinder.example');
    expect(links.getByRole('link', { name: 'Contact us' })).toHaveAttribute('href', '/contact');
  });

  it('shows only the link to the contact form when the deployment configures no contact details', async () => {
    renderApp({ siteContact: {} });
    const links = await footer();
    expect(links.getByRole('link', { name: 'Contact us' })).toHaveAttribute('href', '/contact');
    expect((await screen.findByRole('contentinfo')).querySelector('address')).toBeNull();
    expect(links.queryByRole('link', { name: /^mailto:|@/ })).toBeNull();
  });

  it('carries no personal e-mail address or phone number', async () => {
    renderApp();
    const text = (await screen.findByRole('contentinfo')).textContent ?? '';
    expect(text).not.toMatch(/[\w.+-]+@[\w-]+\.[\w.]+/);
    expect(text).not.toMatch(/\(?\d{3}\)?[\s.-]\d{3}[\s.-]\d{4}/);
  });
});
