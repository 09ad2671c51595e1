/** Secrets Manager values by name or ARN: how the functions read third-party keys in AWS (never from code). */
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';

/** Reads a secret's plain-text value by name or ARN. */
export type SecretReader = (nameOrArn: string) => Promise<string>;

let secretsClient: SecretsManagerClient | undefined;

export const readSecretValue: SecretReader = async (nameOrArn) => {
  secretsClient ??= new SecretsManagerClient({});
  const { SecretString } = await secretsClient.send(new GetSecretValueCommand({ SecretId: nameOrArn }));
  if (!SecretString) throw new Error(`Secret ${nameOrArn} has no text value`);
  return SecretString.trim();
};
