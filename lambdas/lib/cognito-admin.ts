/**
 * The user pool's admin API, for removing a deleted account's sign-in. COGNITO_USER_POOL_ID names the pool;
 * COGNITO_ENDPOINT is set only off AWS (cognito-local).
 */
import { AdminDeleteUserCommand, CognitoIdentityProviderClient, UserNotFoundException } from '@aws-sdk/client-cognito-identity-provider';
import { config } from '#lib/config';

let client: CognitoIdentityProviderClient | undefined;

function cognito(): CognitoIdentityProviderClient {
  const endpoint = process.env.COGNITO_ENDPOINT?.trim() || undefined;
  return (client ??= new CognitoIdentityProviderClient({
    region: config.region,
    ...(endpoint ? { endpoint, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } } : {}),
  }));
}

/**
 * Deletes the pool's user known by the first of these names that finds one: the sub (an e-mail/password user's
 * username in a pool that signs in by e-mail), then the e-mail alias. A user already gone is done.
 */
export async function deletePoolUser(names: readonly string[]): Promise<void> {
  const userPoolId = process.env.COGNITO_USER_POOL_ID?.trim();
  if (!userPoolId) throw new Error('Missing required environment variable COGNITO_USER_POOL_ID');
  for (const name of names) {
    try {
      await cognito().send(new AdminDeleteUserCommand({ UserPoolId: userPoolId, Username: name }));
      return;
    } catch (error) {
      if (!(error instanceof UserNotFoundException) && (error as { name?: string }).name !== 'UserNotFoundException') throw error;
    }
  }
}
