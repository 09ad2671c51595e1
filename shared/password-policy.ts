/**
 * The user pool's password policy, in one place: the CDK auth construct and the local cognito-local pool
 * are created from it, and the sign-up form shows and checks the same rules before Cognito would refuse.
 */
export const PASSWORD_POLICY = {
  minLength: 10,
  requireLowercase: true,
  requireUppercase: true,
  requireDigits: true,
  requireSymbols: true,
} as const;

export interface PasswordRule {
  readonly id: string;
  readonly label: string;
  test(password: string): boolean;
}

export const PASSWORD_RULES: readonly PasswordRule[] = [
  { id: 'length', label: `At least ${PASSWORD_POLICY.minLength} characters`, test: (p) => p.length >= PASSWORD_POLICY.minLength },
  { id: 'lower', label: 'A lower-case letter', test: (p) => /[a-z]/.test(p) },
  { id: 'upper', label: 'An upper-case letter', test: (p) => /[A-Z]/.test(p) },
  { id: 'number', label: 'A number', test: (p) => /\d/.test(p) },
  { id: 'symbol', label: 'A symbol, such as ! ? # or %', test: (p) => /[^A-Za-z0-9\s]/.test(p) },
];

export const PASSWORD_POLICY_TEXT = `Use at least ${PASSWORD_POLICY.minLength} characters with an upper-case and a lower-case letter, a number and a symbol.`;

export function unmetPasswordRules(password: string): PasswordRule[] {
  return PASSWORD_RULES.filter((rule) => !rule.test(password));
}
