import type { PreSignUpTriggerHandler } from 'aws-lambda';
import { REGISTRATION_CLOSED_MESSAGE } from '#shared/schemas/system-config-defaults';
import { logger } from '#lib/logger';
import { getSystemConfig } from '#data/system-config';

/**
 * Cognito pre-sign-up trigger: refuses new accounts while the system configuration has registration turned
 * off. Cognito turns the thrown error into the sign-up's UserLambdaValidationException ("PreSignUp failed
 * with error <message>."), which the sign-up form shows. A self sign-up and a first Google sign-in are
 * refused; a user an administrator creates (PreSignUp_AdminCreateUser) is not. Not a route: Cognito invokes
 * it (locally, cognito-local does through infra/local/lambda-invoke-server.ts). The configuration is read
 * fresh: sign-ups are rare and a switch should apply at once. When it cannot be read the sign-up goes on:
 * a configuration read must not lock new users out of a working platform.
 */
export const handler: PreSignUpTriggerHandler = async (event) => {
  if (event.triggerSource === 'PreSignUp_AdminCreateUser') return event;
  const registrationEnabled = await getSystemConfig().then(
    (config) => config.registrationEnabled,
    (error: unknown) => {
      logger.error('system configuration unreadable; sign-up allowed', { error: error as Error });
      return true;
    },
  );
  if (!registrationEnabled) {
    logger.info('sign-up refused: registration disabled', { triggerSource: event.triggerSource });
    throw new Error(REGISTRATION_CLOSED_MESSAGE);
  }
  return event;
};
