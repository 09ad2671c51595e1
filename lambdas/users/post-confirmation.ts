import type { PostConfirmationTriggerHandler } from 'aws-lambda';
import { logger } from '#lib/logger';
import { createProfileIfMissing, draftProfile } from '#data/profile';

/**
 * Cognito post-confirmation trigger: creates the profile as soon as a user confirms, applying the
 * configured super-admin e-mails. Not a route: Cognito invokes it (locally, cognito-local does through
 * infra/local/lambda-invoke-server.ts). A route that may write creates the profile too when this did not
 * run, for example for users created by an administrator; a route that only reads never does.
 */
export const handler: PostConfirmationTriggerHandler = async (event) => {
  const attributes = event.request.userAttributes;
  const sub = attributes.sub;
  const email = attributes.email;
  if (event.triggerSource !== 'PostConfirmation_ConfirmSignUp' || !sub || !email) return event;
  await createProfileIfMissing(
    draftProfile({ sub, email, firstName: attributes.given_name || undefined, lastName: attributes.family_name || undefined }),
  );
  logger.info('profile created', { sub });
  return event;
};
