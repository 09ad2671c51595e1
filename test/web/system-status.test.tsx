/**
 * What every visitor learns from GET /api/status: a maintenance banner on every page while maintenance mode
 * is on, and a sign-up form that says registration is closed (and does not submit) while it is off.
 */
import { screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { REGISTRATION_CLOSED_MESSAGE } from '../../shared/schemas/system-config-defaults.ts';
import { authErrorMessage } from '../../web/src/features/auth/api/auth-errors.ts';
import { parseSystemStatus } from '../../web/src/lib/system-status.ts';
import { renderAppLoaded } from './render-app.tsx';

const BANNER = /Scheduled maintenance\./;

beforeAll(async () => {
  await Promise.all([import('../../web/src/app/maintenance-banner.tsx'), import('../../web/src/features/auth/pages/auth-page.tsx')]);
});

describe('maintenance banner', () => {
  it('shows on the public pages while maintenance mode is on', async () => {
    await renderAppLoaded({ path: '/', systemStatus: { maintenanceMode: true, registrationEnabled: true } });
    const banner = await screen.findByText(BANNER);
    expect(banner.closest('[role="status"]')).toHaveTextContent('saving changes is paused');
  });

  it('is not there otherwise', async () => {
    await renderAppLoaded({ path: '/' });
    // Give the lazily loaded banner its chance to render.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(screen.queryByText(BANNER)).toBeNull();
  });
});

describe('sign-up while registration is closed', () => {
  it('says so and does not offer to create the account', async () => {
    await renderAppLoaded({ path: '/auth?mode=signup', systemStatus: { maintenanceMode: false, registrationEnabled: false } });
    expect(await screen.findByText('Registration is closed')).toBeInTheDocument();
    expect(screen.getByText(new RegExp(REGISTRATION_CLOSED_MESSAGE.replace(/\./g, '\\.')))).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create account' })).toBeDisabled();
  });

  it('leaves sign-in alone', async () => {
    await renderAppLoaded({ path: '/auth', systemStatus: { maintenanceMode: false, registrationEnabled: false } });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Sign in' })).toBeEnabled());
    expect(screen.queryByText('Registration is closed')).toBeNull();
  });

  it("turns the trigger's refusal into the sentence", () => {
    const error = Object.assign(new Error(`PreSignUp failed with error ${REGISTRATION_CLOSED_MESSAGE}.`), { name: 'UserLambdaValidationException' });
    expect(authErrorMessage(error, 'signUp')).toBe(REGISTRATION_CLOSED_MESSAGE);
    const other = Object.assign(new Error('PreSignUp failed with error boom.'), { name: 'UserLambdaValidationException' });
    expect(authErrorMessage(other, 'signUp')).toBe('Your account could not be created just now. Please try again later.');
  });
});

describe('the status answer', () => {
  it('is taken only when it is one', () => {
    expect(parseSystemStatus({ maintenanceMode: true, registrationEnabled: false })).toEqual({ maintenanceMode: true, registrationEnabled: false });
    expect(parseSystemStatus({ maintenanceMode: 'yes', registrationEnabled: false })).toBeUndefined();
    expect(parseSystemStatus(null)).toBeUndefined();
  });
});
