import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fakeAuth, LOCAL_CONFIG, renderAppLoaded, signedInAs } from './render-app.tsx';

function cognitoError(name: string, message = name) {
  return Object.assign(new Error(message), { name });
}

/** The description an input is announced with (its aria-describedby targets). */
function descriptionOf(input: HTMLElement): string {
  return (input.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');
}

describe('/auth sign in', () => {
  it('has the identity service loaded for visitors, who start without it', async () => {
    const { auth } = await renderAppLoaded({ path: '/auth' });
    // The page asks for it in an effect once it has rendered, which a loaded machine may run a moment later.
    await waitFor(() => expect(auth.prepare).toHaveBeenCalled());
  });

  it('requires an e-mail and a password, shown inline with each field', async () => {
    const user = userEvent.setup();
    const { auth } = await renderAppLoaded({ path: '/auth' });
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    const email = screen.getByLabelText('Email');
    const password = screen.getByLabelText('Password');
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(descriptionOf(email)).toContain('Enter your e-mail address.');
    expect(descriptionOf(password)).toContain('Enter your password.');
    expect(email).toHaveFocus();
    expect(auth.signIn).not.toHaveBeenCalled();
  });

  it('rejects a malformed e-mail address', async () => {
    const user = userEvent.setup();
    const { auth } = await renderAppLoaded({ path: '/auth' });
    await user.type(screen.getByLabelText('Email'), 'runner.example.com');
    await user.type(screen.getByLabelText('Password'), 'whatever');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(descriptionOf(screen.getByLabelText('Email'))).toContain('Enter a valid e-mail address');
    expect(auth.signIn).not.toHaveBeenCalled();
  });

  it("shows 'Signing in...' on the button while the sign-in runs", async () => {
    const user = userEvent.setup();
    const auth = fakeAuth({ signIn: vi.fn(() => new Promise<never>(() => {})) });
    await renderAppLoaded({ auth, path: '/auth' });
    await user.type(screen.getByLabelText('Email'), ' runner@example.com ');
    await user.type(screen.getByLabelText('Password'), 'Secret-123');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(screen.getByRole('button', { name: 'Signing in...' })).toBeDisabled();
    expect(auth.signIn).toHaveBeenCalledWith('runner@example.com', 'Secret-123');
  });

  it('explains wrong credentials in words', async () => {
    const user = userEvent.setup();
    const auth = fakeAuth({ signIn: vi.fn().mockRejectedValue(cognitoError('NotAuthorizedException', 'Incorrect username or password.')) });
    await renderAppLoaded({ auth, path: '/auth' });
    await user.type(screen.getByLabelText('Email'), 'runner@example.com');
    await user.type(screen.getByLabelText('Password'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByText('Incorrect e-mail or password.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeEnabled();
  });

  it('sends an unconfirmed account to the confirmation step with a fresh code', async () => {
    const user = userEvent.setup();
    const auth = fakeAuth({ signIn: vi.fn().mockResolvedValueOnce({ kind: 'confirmSignUp' }) });
    await renderAppLoaded({ auth, path: '/auth' });
    await user.type(screen.getByLabelText('Email'), 'runner@example.com');
    await user.type(screen.getByLabelText('Password'), 'Secret-123');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByRole('heading', { name: 'Confirm your e-mail' })).toBeInTheDocument();
    expect(auth.resendSignUpCode).toHaveBeenCalledWith('runner@example.com');
  });

  it('redirects a signed-in user home', async () => {
    const { router } = await renderAppLoaded({ ...signedInAs('athlete'), path: '/auth' });
    expect(router.state.location.pathname).toBe('/');
  });

  it('links back home and to the terms and privacy policy', async () => {
    await renderAppLoaded({ path: '/auth' });
    const page = within(screen.getByRole('main'));
    expect(page.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
    expect(page.getByRole('link', { name: 'Terms of Service' })).toHaveAttribute('href', '/terms');
    expect(page.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy');
    expect(page.getByText(/By continuing, you agree to our/)).toBeInTheDocument();
  });
});

describe('/auth Google sign-in', () => {
  it('is disabled locally with a note that it needs a deployed user pool', async () => {
    await renderAppLoaded({ path: '/auth' });
    const google = screen.getByRole('button', { name: 'Continue with Google' });
    expect(google).toBeDisabled();
    expect(descriptionOf(google)).toContain('Google sign-in needs a deployed user pool');
  });

  it("redirects to Google where configured, reading 'Signing in...' meanwhile", async () => {
    const user = userEvent.setup();
    const auth = fakeAuth({
      config: { ...LOCAL_CONFIG, environment: 'aws', googleSignIn: true, oauthDomain: 'auth.racefinder.example' },
      signInWithGoogle: vi.fn(() => new Promise<never>(() => {})),
    });
    await renderAppLoaded({ auth, path: '/auth' });
    await user.click(screen.getByRole('button', { name: 'Continue with Google' }));
    expect(auth.signInWithGoogle).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Signing in...' })).toBeDisabled();
  });
});

describe('/auth sign up', () => {
  const fillSignUp = async (user: ReturnType<typeof userEvent.setup>, password: string) => {
    await user.type(screen.getByLabelText('First name'), ' Sam ');
    await user.type(screen.getByLabelText('Last name'), 'Rivera');
    await user.type(screen.getByLabelText('Email'), 'sam@example.com');
    await user.type(screen.getByLabelText('Password'), password);
  };

  it('opens in sign-up mode from /auth?mode=signup and requires every field', async () => {
    const user = userEvent.setup();
    const { auth } = await renderAppLoaded({ path: '/auth?mode=signup' });
    expect(screen.getByRole('heading', { level: 1, name: 'Create your account' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    expect(descriptionOf(screen.getByLabelText('First name'))).toContain('Enter your first name.');
    expect(descriptionOf(screen.getByLabelText('Last name'))).toContain('Enter your last name.');
    expect(descriptionOf(screen.getByLabelText('Email'))).toContain('Enter your e-mail address.');
    expect(descriptionOf(screen.getByLabelText('Password'))).toContain('Choose a password.');
    expect(screen.getByLabelText('First name')).toHaveFocus();
    expect(auth.signUp).not.toHaveBeenCalled();
  });

  it('shows the password rules and which are met as the password is typed', async () => {
    const user = userEvent.setup();
    await renderAppLoaded({ path: '/auth?mode=signup' });
    // The rules are read as the password field's description.
    const rules = document.getElementById(screen.getByLabelText('Password').getAttribute('aria-describedby')!.split(' ').at(-1)!)!;
    expect(within(rules).getAllByRole('listitem')).toHaveLength(5);
    expect(descriptionOf(screen.getByLabelText('Password'))).toContain('At least 10 characters');

    await user.type(screen.getByLabelText('Password'), 'abcdefghij');
    expect(within(rules).getByText('At least 10 characters').closest('li')).toHaveTextContent('(met)');
    expect(within(rules).getByText('A number').closest('li')).toHaveTextContent('(not met)');
  });

  it('refuses a password that breaks a rule before calling Cognito', async () => {
    const user = userEvent.setup();
    const { auth } = await renderAppLoaded({ path: '/auth?mode=signup' });
    await fillSignUp(user, 'password');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(descriptionOf(screen.getByLabelText('Password'))).toContain('The password does not meet every rule below.');
    expect(auth.signUp).not.toHaveBeenCalled();
  });

  it('signs up, confirms with the code printed locally, then signs in', async () => {
    const user = userEvent.setup();
    const auth = fakeAuth({
      signUp: vi.fn().mockResolvedValue({ kind: 'confirmSignUp', destination: 's***@example.com' }),
      signIn: vi.fn(() => new Promise<never>(() => {})),
    });
    await renderAppLoaded({ auth, path: '/auth?mode=signup' });
    await fillSignUp(user, 'Secret-123');
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    expect(auth.signUp).toHaveBeenCalledWith({ firstName: 'Sam', lastName: 'Rivera', email: 'sam@example.com', password: 'Secret-123' });
    expect(await screen.findByRole('heading', { name: 'Confirm your e-mail' })).toHaveFocus();
    expect(screen.getByText('s***@example.com')).toBeInTheDocument();
    expect(screen.getByText(/printed in the terminal running/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Confirm and sign in' }));
    expect(descriptionOf(screen.getByLabelText('Confirmation code'))).toContain('Enter the confirmation code.');

    await user.type(screen.getByLabelText('Confirmation code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Confirm and sign in' }));
    expect(auth.confirmSignUp).toHaveBeenCalledWith('sam@example.com', '123456');
    expect(auth.signIn).toHaveBeenCalledWith('sam@example.com', 'Secret-123');
    expect(screen.getByRole('button', { name: 'Signing in...' })).toBeDisabled();
  });

  it('explains a wrong confirmation code and can resend one', async () => {
    const user = userEvent.setup();
    const auth = fakeAuth({
      signUp: vi.fn().mockResolvedValue({ kind: 'confirmSignUp' }),
      confirmSignUp: vi.fn().mockRejectedValue(cognitoError('CodeMismatchException')),
    });
    await renderAppLoaded({ auth, path: '/auth?mode=signup' });
    await fillSignUp(user, 'Secret-123');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    await user.type(await screen.findByLabelText('Confirmation code'), '000000');
    await user.click(screen.getByRole('button', { name: 'Confirm and sign in' }));
    expect(await screen.findByText('That code is not right. Check the code and try again.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Resend code' }));
    expect(auth.resendSignUpCode).toHaveBeenCalledWith('sam@example.com');
    expect(await screen.findByText('A new code was printed in the terminal running npm start.')).toBeInTheDocument();
  });

  it('tells someone whose e-mail is taken to sign in instead', async () => {
    const user = userEvent.setup();
    const auth = fakeAuth({ signUp: vi.fn().mockRejectedValue(cognitoError('UsernameExistsException')) });
    await renderAppLoaded({ auth, path: '/auth?mode=signup' });
    await fillSignUp(user, 'Secret-123');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('An account with this e-mail already exists. Sign in instead.')).toBeInTheDocument();
  });

  it('switches between sign-in and sign-up tabs by click and arrow key', async () => {
    const user = userEvent.setup();
    const { router } = await renderAppLoaded({ path: '/auth' });
    expect(screen.getByRole('tab', { name: 'Sign in' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.queryByLabelText('First name')).toBeNull();

    await user.click(screen.getByRole('tab', { name: 'Sign up' }));
    expect(router.state.location.search).toBe('?mode=signup');
    expect(screen.getByLabelText('First name')).toBeInTheDocument();

    await user.keyboard('{ArrowLeft}');
    expect(router.state.location.search).toBe('');
    expect(screen.getByRole('tab', { name: 'Sign in' })).toHaveFocus();
  });
});
