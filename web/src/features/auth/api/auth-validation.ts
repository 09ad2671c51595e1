import { PASSWORD_RULES, unmetPasswordRules } from '#shared/password-policy';
import { isEmail } from './is-email.ts';

export type FieldErrors<K extends string> = Partial<Record<K, string>>;

export interface SignInValues {
  email: string;
  password: string;
}

export interface SignUpValues extends SignInValues {
  firstName: string;
  lastName: string;
}

function emailError(email: string): string | undefined {
  if (!email.trim()) return 'Enter your e-mail address.';
  if (!isEmail(email)) return 'Enter a valid e-mail address, like name@example.com.';
  return undefined;
}

export function validateSignIn({ email, password }: SignInValues): FieldErrors<keyof SignInValues> {
  const errors: FieldErrors<keyof SignInValues> = {};
  const emailProblem = emailError(email);
  if (emailProblem) errors.email = emailProblem;
  if (!password) errors.password = 'Enter your password.';
  return errors;
}

export function validateSignUp(values: SignUpValues): FieldErrors<keyof SignUpValues> {
  const errors: FieldErrors<keyof SignUpValues> = {};
  if (!values.firstName.trim()) errors.firstName = 'Enter your first name.';
  else if (values.firstName.trim().length > 50) errors.firstName = 'First name must be at most 50 characters.';
  if (!values.lastName.trim()) errors.lastName = 'Enter your last name.';
  else if (values.lastName.trim().length > 50) errors.lastName = 'Last name must be at most 50 characters.';
  const emailProblem = emailError(values.email);
  if (emailProblem) errors.email = emailProblem;
  if (!values.password) errors.password = 'Choose a password.';
  else if (unmetPasswordRules(values.password).length > 0) errors.password = 'The password does not meet every rule below.';
  return errors;
}

export function validateCode(code: string): string | undefined {
  const trimmed = code.trim();
  if (!trimmed) return 'Enter the confirmation code.';
  if (!/^\d+$/.test(trimmed)) return 'The code is made of digits only.';
  return undefined;
}

export { PASSWORD_RULES };
