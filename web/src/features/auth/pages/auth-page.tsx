import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router-dom';
import { Alert } from '../../../components/alert.tsx';
import { Button } from '../../../components/button.tsx';
import { TextField } from '../../../components/field.tsx';
import { ArrowRightIcon, CoachIcon, GoogleIcon, SearchIcon, StarIcon } from '../../../components/icons.tsx';
import { LogoMark } from '../../../components/logo.tsx';
import { useDocumentTitle } from '../../../components/use-document-title.ts';
import { useAuth } from '../../../lib/auth/auth-context.ts';
import { useSystemStatus } from '../../../lib/system-status.ts';
import { REGISTRATION_CLOSED_MESSAGE } from '#shared/schemas/system-config-defaults';
import { safeReturnTo } from '../../../lib/safe-return-to.ts';
import { authErrorMessage } from '../api/auth-errors.ts';
import { PASSWORD_RULES, validateCode, validateSignIn, validateSignUp, type FieldErrors, type SignUpValues } from '../api/auth-validation.ts';
import './auth-page.css';

type Mode = 'signin' | 'signup';
type Step = { kind: 'form' } | { kind: 'confirm'; email: string; password: string; destination?: string };
type Busy = null | 'google' | 'submit' | 'confirm' | 'resend';

const EMPTY: SignUpValues = { firstName: '', lastName: '', email: '', password: '' };

/** /auth: sign in and sign up (a chunk of its own, loaded by the router). */
export default function AuthPage() {
  const auth = useAuth();
  const [params, setParams] = useSearchParams();
  const mode: Mode = params.get('mode') === 'signup' ? 'signup' : 'signin';
  const [step, setStep] = useState<Step>({ kind: 'form' });
  useDocumentTitle(step.kind === 'confirm' ? 'Confirm your e-mail' : mode === 'signup' ? 'Create account' : 'Sign in');
  const { prepare } = auth;
  // Visitors without a session have no identity service loaded yet; this page needs it (and its Google option).
  useEffect(prepare, [prepare]);

  // Back where the person was (a same-site path only), or home.
  const returnTo = safeReturnTo(params.get('returnTo'));
  const withReturn = (next: Record<string, string>) => (returnTo ? { ...next, returnTo } : next);

  if (auth.status === 'signedIn') return <Navigate to={returnTo ?? '/'} replace />;

  return (
    <div className="auth">
      <aside className="auth__aside" aria-label="Why RaceFinder">
        <div className="auth__aside-inner">
          <p className="auth__brand">
            <LogoMark size={36} />
            <span>RaceFinder</span>
          </p>
          <h2 className="auth__pitch">Your next finish line starts here.</h2>
          <ul className="auth__benefits">
            <li>
              <SearchIcon />
              <span>Search races across all 50 states by place, date, type and distance.</span>
            </li>
            <li>
              <CoachIcon />
              <span>Train with an AI coach and plans built around your race day.</span>
            </li>
            <li>
              <StarIcon />
              <span>Save races, log your training and review the events you ran.</span>
            </li>
          </ul>
        </div>
      </aside>
      <section className="auth__panel">
        <div className="auth__card">
          <Link to="/" className="auth__back">
            <ArrowRightIcon size={16} className="auth__back-icon" />
            Back to Home
          </Link>
          {step.kind === 'confirm' ? (
            <ConfirmStep
              step={step}
              onBack={() => setStep({ kind: 'form' })}
              onConfirmedWithoutPassword={() => {
                setStep({ kind: 'form' });
                setParams(withReturn({}), { replace: true });
              }}
            />
          ) : (
            <CredentialsStep
              mode={mode}
              onModeChange={(next) => setParams(withReturn(next === 'signup' ? { mode: 'signup' } : {}), { replace: true })}
              onNeedsConfirmation={(email, password, destination) => setStep({ kind: 'confirm', email, password, destination })}
            />
          )}
          <p className="auth__terms">
            By continuing, you agree to our <Link to="/terms">Terms of Service</Link> and <Link to="/privacy">Privacy Policy</Link>.
          </p>
        </div>
      </section>
    </div>
  );
}

function CredentialsStep({
  mode,
  onModeChange,
  onNeedsConfirmation,
}: {
  mode: Mode;
  onModeChange: (mode: Mode) => void;
  onNeedsConfirmation: (email: string, password: string, destination?: string) => void;
}) {
  const auth = useAuth();
  const [values, setValues] = useState<SignUpValues>(EMPTY);
  const [errors, setErrors] = useState<FieldErrors<keyof SignUpValues>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState<Busy>(null);
  const refs = useRef<Partial<Record<keyof SignUpValues, HTMLInputElement | null>>>({});
  const signUp = mode === 'signup';
  // While an admin has registration switched off, the server (the pre-sign-up trigger) refuses new accounts:
  // say so up front rather than after the form is filled in.
  const status = useSystemStatus();
  const registrationClosed = signUp && status?.registrationEnabled === false;
  const config = auth.config;
  const googleAvailable = Boolean(config?.googleSignIn);

  const update = (field: keyof SignUpValues) => (event: { target: { value: string } }) => {
    setValues((current) => ({ ...current, [field]: event.target.value }));
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const found: FieldErrors<keyof SignUpValues> = signUp ? validateSignUp(values) : validateSignIn(values);
    setErrors(found);
    setFormError(null);
    const order: (keyof SignUpValues)[] = signUp ? ['firstName', 'lastName', 'email', 'password'] : ['email', 'password'];
    const firstInvalid = order.find((field) => found[field]);
    if (firstInvalid) {
      refs.current[firstInvalid]?.focus();
      return;
    }
    const email = values.email.trim();
    setBusy('submit');
    try {
      if (signUp) {
        const result = await auth.signUp({ firstName: values.firstName.trim(), lastName: values.lastName.trim(), email, password: values.password });
        if (result.kind === 'confirmSignUp') {
          onNeedsConfirmation(email, values.password, result.destination);
          return;
        }
        await auth.signIn(email, values.password);
      } else {
        const result = await auth.signIn(email, values.password);
        if (result.kind === 'confirmSignUp') {
          // Cognito does not resend the code on a sign-in attempt; do it so the person has one to enter.
          const sent = await auth.resendSignUpCode(email).catch(() => ({ destination: undefined }));
          onNeedsConfirmation(email, values.password, sent.destination);
          return;
        }
      }
      // Signed in: the page redirects home when the auth state changes.
    } catch (error) {
      setFormError(authErrorMessage(error, signUp ? 'signUp' : 'signIn'));
    } finally {
      setBusy(null);
    }
  }

  async function google() {
    setBusy('google');
    setFormError(null);
    try {
      await auth.signInWithGoogle(); // leaves the page on success
    } catch (error) {
      setFormError(authErrorMessage(error));
      setBusy(null);
    }
  }

  return (
    <>
      <h1 className="auth__title">{signUp ? 'Create your account' : 'Welcome back'}</h1>
      <p className="auth__lede">{signUp ? 'Save races, train with the AI coach and share your race reviews.' : 'Sign in to see your saved races and training.'}</p>

      <ModeTabs mode={mode} onChange={onModeChange} />

      <div id="auth-panel" className="auth__panel-body" role="tabpanel" aria-labelledby={`auth-tab-${mode}`}>
        {auth.setupError ? (
          <Alert tone="error" title="Sign-in is unavailable right now">
            The site's configuration could not be loaded. Please reload the page in a moment.
          </Alert>
        ) : null}

        <Button
          variant="secondary"
          size="lg"
          block
          className="auth__google"
          disabled={!googleAvailable || busy !== null}
          aria-describedby={config && !googleAvailable ? 'google-note' : undefined}
          onClick={() => void google()}
        >
          <GoogleIcon />
          {busy === 'google' ? 'Signing in...' : 'Continue with Google'}
        </Button>
        {config && !googleAvailable ? (
          <p id="google-note" className="auth__note">
            {config.environment === 'local'
              ? 'Google sign-in needs a deployed user pool. Locally, use your e-mail and password.'
              : 'Google sign-in is not set up for this site. Use your e-mail and password.'}
          </p>
        ) : null}

        <div className="auth__divider">
          <span>or with e-mail</span>
        </div>

        <form className="auth__form" onSubmit={(event) => void submit(event)} noValidate>
          {registrationClosed ? (
            <Alert tone="info" title="Registration is closed">
              {REGISTRATION_CLOSED_MESSAGE} If you already have an account, sign in instead.
            </Alert>
          ) : null}
          {formError ? <Alert tone="error">{formError}</Alert> : null}
          {signUp ? (
            <div className="auth__row">
              <TextField
                label="First name"
                autoComplete="given-name"
                value={values.firstName}
                onChange={update('firstName')}
                error={errors.firstName}
                ref={(element) => {
                  refs.current.firstName = element;
                }}
                required
              />
              <TextField
                label="Last name"
                autoComplete="family-name"
                value={values.lastName}
                onChange={update('lastName')}
                error={errors.lastName}
                ref={(element) => {
                  refs.current.lastName = element;
                }}
                required
              />
            </div>
          ) : null}
          <TextField
            label="Email"
            type="email"
            autoComplete={signUp ? 'email' : 'username'}
            inputMode="email"
            value={values.email}
            onChange={update('email')}
            error={errors.email}
            ref={(element) => {
              refs.current.email = element;
            }}
            required
          />
          <TextField
            label="Password"
            type="password"
            autoComplete={signUp ? 'new-password' : 'current-password'}
            value={values.password}
            onChange={update('password')}
            error={errors.password}
            describedBy={signUp ? 'password-rules' : undefined}
            ref={(element) => {
              refs.current.password = element;
            }}
            required
          />
          {signUp ? <PasswordRules password={values.password} /> : null}
          <Button type="submit" variant="primary" size="lg" block disabled={busy !== null || registrationClosed} aria-busy={busy === 'submit'}>
            {busy === 'submit' ? (signUp ? 'Creating account...' : 'Signing in...') : signUp ? 'Create account' : 'Sign in'}
          </Button>
        </form>
      </div>
    </>
  );
}

/** Sign in / Sign up as tabs (arrow keys move between them), both controlling the one form below. */
function ModeTabs({ mode, onChange }: { mode: Mode; onChange: (mode: Mode) => void }) {
  const tabs: { id: Mode; label: string }[] = [
    { id: 'signin', label: 'Sign in' },
    { id: 'signup', label: 'Sign up' },
  ];
  const select = (next: Mode) => {
    onChange(next);
    document.getElementById(`auth-tab-${next}`)?.focus();
  };
  return (
    <div
      className="auth__switch"
      role="tablist"
      aria-label="Account"
      onKeyDown={(event) => {
        if (event.key === 'ArrowRight' || event.key === 'ArrowLeft' || event.key === 'Home' || event.key === 'End') {
          event.preventDefault();
          const next = event.key === 'Home' ? 'signin' : event.key === 'End' ? 'signup' : mode === 'signin' ? 'signup' : 'signin';
          select(next);
        }
      }}
    >
      {tabs.map((tab) => (
        <button
          key={tab.id}
          id={`auth-tab-${tab.id}`}
          type="button"
          role="tab"
          aria-selected={mode === tab.id}
          aria-controls="auth-panel"
          tabIndex={mode === tab.id ? 0 : -1}
          onClick={() => onChange(tab.id)}
        >
          {tab.label}
        </button>
      ))}
    </div>
  );
}

function PasswordRules({ password }: { password: string }) {
  return (
    <ul id="password-rules" className="password-rules">
      {PASSWORD_RULES.map((rule) => {
        const met = rule.test(password);
        return (
          <li key={rule.id} className={met ? 'is-met' : undefined}>
            <span className="password-rules__mark" aria-hidden="true">
              {met ? '✓' : '•'}
            </span>
            {rule.label}
            <span className="visually-hidden">{met ? ' (met)' : ' (not met)'}</span>
          </li>
        );
      })}
    </ul>
  );
}

function ConfirmStep({
  step,
  onBack,
  onConfirmedWithoutPassword,
}: {
  step: Extract<Step, { kind: 'confirm' }>;
  onBack: () => void;
  onConfirmedWithoutPassword: () => void;
}) {
  const auth = useAuth();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState<Busy>(null);
  const codeRef = useRef<HTMLInputElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const local = auth.config?.environment === 'local';

  // The form was replaced under the person's focus: start them at the new step's heading.
  useEffect(() => {
    headingRef.current?.focus();
  }, []);

  async function confirm(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const problem = validateCode(code);
    setError(problem);
    setFormError(null);
    if (problem) {
      codeRef.current?.focus();
      return;
    }
    setBusy('confirm');
    try {
      await auth.confirmSignUp(step.email, code.trim());
      if (!step.password) {
        onConfirmedWithoutPassword();
        return;
      }
      await auth.signIn(step.email, step.password);
    } catch (caught) {
      setFormError(authErrorMessage(caught, 'confirm'));
    } finally {
      setBusy(null);
    }
  }

  async function resend() {
    setBusy('resend');
    setFormError(null);
    setNotice(null);
    try {
      await auth.resendSignUpCode(step.email);
      setNotice(local ? 'A new code was printed in the terminal running npm start.' : 'A new code is on its way. It can take a minute to arrive.');
    } catch (caught) {
      setFormError(authErrorMessage(caught));
    } finally {
      setBusy(null);
    }
  }

  return (
    <>
      <h1 ref={headingRef} tabIndex={-1} className="auth__title">
        Confirm your e-mail
      </h1>
      <p className="auth__lede">
        We sent a confirmation code to <strong>{step.destination ?? step.email}</strong>. Enter it to finish creating your account.
      </p>
      {local ? (
        <Alert tone="info" title="Running locally">
          No e-mail is sent: the code is printed in the terminal running <code>npm start</code>.
        </Alert>
      ) : null}
      <form className="auth__form" onSubmit={(event) => void confirm(event)} noValidate>
        {formError ? <Alert tone="error">{formError}</Alert> : null}
        <TextField
          ref={codeRef}
          label="Confirmation code"
          inputMode="numeric"
          autoComplete="one-time-code"
          value={code}
          onChange={(event) => {
            setCode(event.target.value);
            if (error) setError(undefined);
          }}
          error={error}
          required
        />
        <Button type="submit" variant="primary" size="lg" block disabled={busy !== null}>
          {busy === 'confirm' ? 'Signing in...' : 'Confirm and sign in'}
        </Button>
        <div className="auth__confirm-actions">
          <Button variant="ghost" size="sm" onClick={() => void resend()} disabled={busy !== null}>
            {busy === 'resend' ? 'Sending...' : 'Resend code'}
          </Button>
          <Button variant="ghost" size="sm" onClick={onBack} disabled={busy !== null}>
            Use a different e-mail
          </Button>
        </div>
        <p className="auth__status" role="status">
          {notice}
        </p>
      </form>
    </>
  );
}
