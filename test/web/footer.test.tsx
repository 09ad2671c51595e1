import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { renderApp } from './render-app.tsx';

// The footer loads in a chunk of its own after the page (app-shell.tsx): each test waits for it.
const footer = async () => within(await screen.findByRole('contentinfo'));

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
  });

  it('confirms a newsletter sign-up with a toast and clears the field', async () => {
    const user = userEvent.setup();
    renderApp();
    const email = (await footer()).getByLabelText('Newsletter e-mail');
    await user.type(email, 'runner@example.com');
    await user.click((await footer()).getByRole('button', { name: 'Subscribe' }));
    expect(screen.getByRole('status', { name: '' })).toHaveTextContent("Subscribed!You'll receive the latest race updates and training tips.");
    expect(email).toHaveValue('');
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
