import type { PostConfirmationTriggerHandler } from 'aws-lambda';
import { logger } from '#lib/logger';
import { initialRoleFor } from './initial-role.ts';
import { createProfileIfMissing } from './profile-store.ts';

/**
 * Cognito post-confirmation trigger: creates the profile as soon as a user confirms, applying the
 * configured super-admin e-mails. Not a route: Cognito invokes it (locally, cognito-local does through
 * infra/local/lambda-invoke-server.ts). Any authenticated request creates the profile too when this did not
 * run, for example for users created by an administrator.
 */
export const handler: PostConfirmationTriggerHandler = async (event) => {
  const attributes = event.request.userAttributes;
  const sub = attributes.sub;
  const email = attributes.email;
  if (event.triggerSource !== 'PostConfirmation_ConfirmSignUp' || !sub || !email) return event;
  await createProfileIfMissing({
    id: sub,
    email,
    firstName: attributes.given_name || undefined,
    lastName: attributes.family_name || undefined,
    role: initialRoleFor(email),
  });
  logger.info('profile created', { sub });
  return event;
};
