/**
 * The local Stripe checkout page in Chromium, as a payer meets it after the app redirects there: what is
 * bought and the total, Pay by keyboard back to the app's success URL (the session then paid), and Cancel back
 * to the cancel URL (the session still open). axe and screenshots at desktop and phone widths.
 */
import type Stripe from 'stripe';
import { describe, expect, inject, it } from 'vitest';
import { createStripeClient } from '../../lambdas/lib/stripe.ts';
import { expectNoSeriousA11yViolations, newPage, screenshot, stackUrl, useBrowser } from '../support/browser.ts';

const browser = useBrowser();
const PHONE = { width: 390, height: 844 };

function client(): Stripe {
  const { stripe } = inject('e2eStack');
  const url = new URL(stripe.url);
  return createStripeClient({ secretKey: stripe.secretKey, webhookSecret: stripe.webhookSecret, api: { host: url.hostname, port: Number(url.port), protocol: 'http' } });
}

const createSession = () =>
  client().checkout.sessions.create({
    mode: 'payment',
    line_items: [
      {
        quantity: 14,
        price_data: { currency: 'usd', unit_amount: 500, product_data: { name: 'Spotlight promotion', description: 'Rocky Mountain Half Marathon · Colorado · 14 days' } },
      },
    ],
    success_url: stackUrl('/?checkout=success&session_id={CHECKOUT_SESSION_ID}'),
    cancel_url: stackUrl('/?checkout=cancelled'),
    client_reference_id: 'e2e-promotion',
  });

describe('the local Stripe checkout page', () => {
  it('shows the purchase and pays by keyboard, returning to the success URL with the session paid', async () => {
    const session = await createSession();
    const { context, page } = await newPage(browser());
    try {
      await page.goto(session.url!);
      await page.getByRole('heading', { level: 1, name: 'Pay RaceFinder' }).waitFor();
      await expect.poll(() => page.getByRole('cell', { name: /Spotlight promotion/ }).textContent()).toContain('14 days');
      await expect.poll(() => page.getByRole('row', { name: /Spotlight promotion/ }).textContent()).toContain('$5.00 each');
      await expect.poll(() => page.getByRole('row', { name: /Total/ }).textContent()).toContain('$70.00');
      await expectNoSeriousA11yViolations(page);
      await screenshot(page, 'stripe-checkout-desktop.jpg', { fullPage: true });

      await page.keyboard.press('Tab');
      await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toBe('Pay $70.00');
      await page.keyboard.press('Enter');
      await page.waitForURL(stackUrl(`/?checkout=success&session_id=${session.id}`));
      await expect(client().checkout.sessions.retrieve(session.id)).resolves.toMatchObject({ status: 'complete', payment_status: 'paid' });

      await page.goto(session.url!);
      await page.getByRole('heading', { level: 1, name: 'Payment complete' }).waitFor();
      await expectNoSeriousA11yViolations(page);
      await screenshot(page, 'stripe-checkout-paid-desktop.jpg');
    } finally {
      await context.close();
    }
  });

  it('at phone width, Cancel returns to the cancel URL and leaves the session open', async () => {
    const session = await createSession();
    const { context, page } = await newPage(browser(), PHONE);
    try {
      await page.goto(session.url!);
      await page.getByRole('button', { name: 'Pay $70.00' }).waitFor();
      await expectNoSeriousA11yViolations(page);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow).toBe(0);
      await screenshot(page, 'stripe-checkout-phone.jpg', { fullPage: true });

      await page.getByRole('link', { name: 'Cancel and return to RaceFinder' }).click();
      await page.waitForURL(stackUrl('/?checkout=cancelled'));
      await expect(client().checkout.sessions.retrieve(session.id)).resolves.toMatchObject({ status: 'open', payment_status: 'unpaid' });
    } finally {
      await context.close();
    }
  });
});
