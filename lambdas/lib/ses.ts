/**
 * The SESv2 client the sender mails with, and who the mail is from. SES_ENDPOINT is set only off AWS (the local
 * stand-in, infra/local/ses/stand-in.ts); in AWS the client finds SES itself. MAIL_FROM is the verified
 * identity's address ("RaceFinder <alerts@example.com>"), SES_CONFIGURATION_SET the set whose bounce and
 * complaint events feed the suppression list (lambdas/data/email-suppression.ts); both come from deploy context.
 */
import { SESv2Client } from '@aws-sdk/client-sesv2';

let client: SESv2Client | undefined;

export function ses(): SESv2Client {
  const endpoint = process.env.SES_ENDPOINT?.trim() || undefined;
  // One retry of SES's own: a message that still fails goes back to the queue, which retries it later.
  client ??= new SESv2Client({ ...(endpoint ? { endpoint } : {}), maxAttempts: 2 });
  return client;
}

/** The From address; a sender without one fails at its first message rather than mailing from nowhere. */
export function mailFrom(env: NodeJS.ProcessEnv = process.env): string {
  const from = env.MAIL_FROM?.trim();
  if (!from) throw new Error('Missing required environment variable MAIL_FROM');
  return from;
}

export const configurationSet = (env: NodeJS.ProcessEnv = process.env): string | undefined => env.SES_CONFIGURATION_SET?.trim() || undefined;
