/**
 * The demo accounts of the local stack, one per role, so anyone can try every part of RaceFinder right after
 * `npm start`. The addresses are on the reserved .test domain (RFC 2606): they can never reach a real inbox.
 */
import {
  AdminCreateUserCommand,
  AdminGetUserCommand,
  AdminSetUserPasswordCommand,
  UsernameExistsException,
  type AttributeType,
  type CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import type { Role } from '#shared/roles';

/**
 * The one password of every demo account. Local demo data, printed at start, not a secret: these accounts
 * exist only in the local cognito-local emulator, never in a deployed user pool.
 */
export const DEMO_PASSWORD = 'RaceFinder-Demo-2025';

export interface DemoAccount {
  /** What the account is for, as the start banner lists it. */
  readonly label: string;
  readonly email: string;
  readonly firstName: string;
  readonly lastName: string;
  readonly role: Role;
  readonly location: string;
}

export interface SeededDemoAccount extends DemoAccount {
  /** The Cognito `sub`, which is also the profile id. */
  readonly sub: string;
}

const DOMAIN = 'demo.racefinder.test';

export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  { label: 'Athlete', email: `athlete@${DOMAIN}`, firstName: 'Jordan', lastName: 'Rivera', role: 'athlete', location: 'Boston, MA' },
  { label: 'Second athlete', email: `athlete2@${DOMAIN}`, firstName: 'Sam', lastName: 'Okafor', role: 'athlete', location: 'Denver, CO' },
  { label: 'Organizer', email: `organizer@${DOMAIN}`, firstName: 'Morgan', lastName: 'Lee', role: 'organizer', location: 'Austin, TX' },
  { label: 'Admin', email: `admin@${DOMAIN}`, firstName: 'Casey', lastName: 'Brooks', role: 'admin', location: 'Portland, OR' },
  { label: 'Super admin', email: `superadmin@${DOMAIN}`, firstName: 'Riley', lastName: 'Chen', role: 'superadmin', location: 'Chicago, IL' },
];

function subOf(attributes: AttributeType[] | undefined, email: string): string {
  const sub = attributes?.find((attribute) => attribute.Name === 'sub')?.Value;
  if (!sub) throw new Error(`cognito-local returned no sub for ${email}`);
  return sub;
}

/** Creates the user unless it exists (a partial earlier seed), and returns its sub. */
async function ensureUser(client: CognitoIdentityProviderClient, userPoolId: string, account: DemoAccount): Promise<string> {
  try {
    const { User } = await client.send(
      new AdminCreateUserCommand({
        UserPoolId: userPoolId,
        Username: account.email,
        MessageAction: 'SUPPRESS',
        UserAttributes: [
          { Name: 'email', Value: account.email },
          { Name: 'email_verified', Value: 'true' },
          { Name: 'given_name', Value: account.firstName },
          { Name: 'family_name', Value: account.lastName },
        ],
      }),
    );
    return subOf(User?.Attributes, account.email);
  } catch (error) {
    if (!(error instanceof UsernameExistsException)) throw error;
    const existing = await client.send(new AdminGetUserCommand({ UserPoolId: userPoolId, Username: account.email }));
    return subOf(existing.UserAttributes, account.email);
  }
}

/**
 * Creates the demo users in cognito-local with the demo password and their profiles, with their roles,
 * through the same profile store the handlers use. Idempotent. The profile store reads its configuration
 * (table, endpoint) from process.env when first imported, so the caller sets the environment first.
 */
export async function seedDemoAccounts(
  client: CognitoIdentityProviderClient,
  userPoolId: string,
): Promise<SeededDemoAccount[]> {
  const { createProfileIfMissing } = await import('../../lambdas/data/profile.ts');
  const seeded: SeededDemoAccount[] = [];
  for (const account of DEMO_ACCOUNTS) {
    const sub = await ensureUser(client, userPoolId, account);
    await client.send(
      new AdminSetUserPasswordCommand({ UserPoolId: userPoolId, Username: account.email, Password: DEMO_PASSWORD, Permanent: true }),
    );
    await createProfileIfMissing({
      id: sub,
      email: account.email,
      firstName: account.firstName,
      lastName: account.lastName,
      role: account.role,
      location: account.location,
    });
    seeded.push({ ...account, sub });
  }
  return seeded;
}
