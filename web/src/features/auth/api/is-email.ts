// Deliberately loose: one @, something on both sides, a dot in the domain. Cognito has the final word.
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * A module of its own because the footer's newsletter form (in the entry) checks addresses too: importing
 * auth-validation.ts there would bring the sign-up rules and password policy into the first load.
 */
export function isEmail(value: string): boolean {
  return EMAIL_PATTERN.test(value.trim());
}
