import { PASSWORD_POLICY_TEXT } from '#shared/password-policy';
import { REGISTRATION_CLOSED_MESSAGE } from '#shared/schemas/system-config-defaults';

/** What the person was doing: the same Cognito error can mean different things. */
export type AuthAction = 'signIn' | 'signUp' | 'confirm' | 'other';

/**
 * Turns what Cognito (through Amplify) throws into a sentence for the person at the form. Amplify errors
 * carry the Cognito exception name in `name`.
 */
export function authErrorMessage(error: unknown, action: AuthAction = 'other'): string {
  const name = error instanceof Error ? error.name : '';
  const message = error instanceof Error ? error.message : '';
  // cognito-local answers a wrong password at sign-in with InvalidPasswordException where Cognito says
  // NotAuthorizedException; at sign-in either means the credentials did not match.
  if (action === 'signIn' && name === 'InvalidPasswordException') return 'Incorrect e-mail or password.';
  switch (name) {
    case 'NotAuthorizedException':
      if (/attempts exceeded/i.test(message)) return 'Too many failed attempts. Wait a few minutes and try again.';
      return 'Incorrect e-mail or password.';
    case 'UserNotFoundException':
      return 'Incorrect e-mail or password.';
    case 'UsernameExistsException':
      return 'An account with this e-mail already exists. Sign in instead.';
    case 'InvalidPasswordException':
      return `That password is not allowed. ${PASSWORD_POLICY_TEXT}`;
    case 'CodeMismatchException':
      return 'That code is not right. Check the code and try again.';
    case 'ExpiredCodeException':
      return 'That code has expired. Use Resend code to get a new one.';
    case 'LimitExceededException':
    case 'TooManyRequestsException':
    case 'TooManyFailedAttemptsException':
      return 'Too many attempts. Wait a few minutes and try again.';
    case 'UserLambdaValidationException':
      // A sign-up trigger refused: Cognito wraps its message ("PreSignUp failed with error <message>.").
      if (message.includes(REGISTRATION_CLOSED_MESSAGE)) return REGISTRATION_CLOSED_MESSAGE;
      return 'Your account could not be created just now. Please try again later.';
    case 'UserAlreadyAuthenticatedException':
      return 'You are already signed in.';
    case 'NetworkError':
      return "Can't reach the sign-in service. Check your connection and try again.";
    case 'EmptySignInUsername':
    case 'EmptySignInPassword':
      return 'You must provide either an email or phone number and a password';
    default:
      return message || 'Something went wrong. Please try again.';
  }
}
