import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from './render-app.tsx';

const footer = () => within(screen.getByRole('contentinfo'));

describe('footer', () => {
  it('does nothing when the newsletter e-mail is empty', async () => {
    const user = userEvent.setup();
    renderApp();
    await user.click(footer().getByRole('button', { name: 'Subscribe' }));
    expect(screen.queryByText('Subscribed!')).toBeNull();
    expect(footer().getByLabelText('Newsletter e-mail')).not.toHaveAttribute('aria-invalid');
  });

  it('confirms a newsletter sign-up with a toast and clears the field', async () => {
    const user = userEvent.setup();
    renderApp();
    const email = footer().getByLabelText('Newsletter e-mail');
    await user.type(email, 'runner@example.com');
    await user.click(footer().getByRole('button', { name: 'Subscribe' }));
    expect(screen.getByRole('status', { name: '' })).toHaveTextContent("Subscribed!You'll receive the latest race updates and training tips.");
    expect(email).toHaveValue('');
  });

  it('points out a malformed newsletter address instead of accepting it', async () => {
    const user = userEvent.setup();
    renderApp();
    const email = footer().getByLabelText('Newsletter e-mail');
    await user.type(email, 'runner@');
    await user.click(footer().getByRole('button', { name: 'Subscribe' }));
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription('Enter a valid e-mail address, like name@example.com.');
    expect(screen.queryByText('Subscribed!')).toBeNull();
    expect(email).toHaveValue('runner@');
  });

  it('shows the current year in the copyright', () => {
    renderApp();
    expect(footer().getByText(`© ${new Date().getFullYear()} RaceFinder. All rights reserved.`)).toBeInTheDocument();
  });

  it('links to the pages of the route table', () => {
    renderApp();
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
      expect(footer().getByRole('link', { name: name! })).toHaveAttribute('href', href);
    }
  });

  it('carries no personal e-mail address or phone number', () => {
    renderApp();
    const text = screen.getByRole('contentinfo').textContent ?? '';
    expect(text).not.toMatch(/[\w.+-]+@[\w-]+\.[\w.]+/);
    expect(text).not.toMatch(/\(?\d{3}\)?[\s.-]\d{3}[\s.-]\d{4}/);
  });
});
