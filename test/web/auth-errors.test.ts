import { describe, expect, it } from 'vitest';
import { authErrorMessage } from '../../web/src/features/auth/api/auth-errors.ts';

const cognito = (name: string, message = name) => Object.assign(new Error(message), { name });

describe('Cognito error messages', () => {
  it.each([
    ['NotAuthorizedException', 'signIn', 'Incorrect e-mail or password.'],
    ['UserNotFoundException', 'signIn', 'Incorrect e-mail or password.'],
    // cognito-local's answer to a wrong password
    ['InvalidPasswordException', 'signIn', 'Incorrect e-mail or password.'],
    ['UsernameExistsException', 'signUp', 'An account with this e-mail already exists. Sign in instead.'],
    ['CodeMismatchException', 'confirm', 'That code is not right. Check the code and try again.'],
    ['ExpiredCodeException', 'confirm', 'That code has expired. Use Resend code to get a new one.'],
    ['LimitExceededException', 'other', 'Too many attempts. Wait a few minutes and try again.'],
  ] as const)('explains %s during %s', (name, action, expected) => {
    expect(authErrorMessage(cognito(name), action)).toBe(expected);
  });

  it('states the password policy when sign-up refuses a password', () => {
    expect(authErrorMessage(cognito('InvalidPasswordException'), 'signUp')).toMatch(/at least 10 characters.*number and a symbol/);
  });

  it('tells apart a locked-out account from a wrong password', () => {
    expect(authErrorMessage(cognito('NotAuthorizedException', 'Password attempts exceeded'), 'signIn')).toBe(
      'Too many failed attempts. Wait a few minutes and try again.',
    );
  });

  it("falls back to the error's own message, or a generic sentence", () => {
    expect(authErrorMessage(cognito('SomethingNew', 'Something specific happened'))).toBe('Something specific happened');
    expect(authErrorMessage('???')).toBe('Something went wrong. Please try again.');
  });
});
