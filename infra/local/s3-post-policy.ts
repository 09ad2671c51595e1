/**
 * S3's browser upload (POST Object with a signed policy), as the S3 stand-in checks it: the SigV4 signature of
 * the base64 policy, its expiration, and every condition against the form's fields and the file's size, as S3
 * does (docs: "Creating a POST policy"). Every form field but the policy, the signature, the file and x-ignore-*
 * fields must be named by some condition. What @aws-sdk/s3-presigned-post signs passes; anything else gets S3's
 * own error codes.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export class PostPolicyError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

type Condition = Record<string, string> | [string, string | number, string | number];

interface Policy {
  readonly expiration: string;
  readonly conditions: readonly Condition[];
}

const hmac = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data, 'utf8').digest();
const denied = (message: string) => new PostPolicyError(403, 'AccessDenied', message);
const conditionFailed = (condition: Condition) => denied(`Invalid according to Policy: Policy Condition failed: ${JSON.stringify(condition)}`);

export interface PostCheck {
  /** The form's text fields, names as sent. */
  readonly fields: ReadonlyMap<string, string>;
  readonly bucket: string;
  readonly fileSize: number;
  readonly accessKeyId: string;
  readonly secretAccessKey: string;
  readonly now: Date;
}

/** Checks a POST upload; returns the object key it may store. */
export function checkPostPolicy(check: PostCheck): string {
  // Field names are case-insensitive in S3's POST; values are not.
  const fields = new Map([...check.fields].map(([name, value]) => [name.toLowerCase(), value]));
  const encoded = fields.get('policy');
  const signature = fields.get('x-amz-signature');
  const credential = fields.get('x-amz-credential');
  const key = fields.get('key');
  if (!encoded || !signature || !credential || fields.get('x-amz-algorithm') !== 'AWS4-HMAC-SHA256' || !fields.get('x-amz-date')) {
    throw new PostPolicyError(400, 'InvalidArgument', 'Bucket POST must contain a policy, X-Amz-Algorithm, X-Amz-Credential, X-Amz-Date and X-Amz-Signature');
  }
  if (!key) throw new PostPolicyError(400, 'InvalidArgument', 'Bucket POST must contain a field named \'key\'.');
  const [accessKey, day, region, service, terminator] = credential.split('/');
  if (accessKey !== check.accessKeyId) throw new PostPolicyError(403, 'InvalidAccessKeyId', 'The AWS Access Key Id you provided does not exist in our records.');
  if (!day || !region || service !== 's3' || terminator !== 'aws4_request') throw new PostPolicyError(400, 'InvalidArgument', 'The credential is malformed');
  const signingKey = hmac(hmac(hmac(hmac(`AWS4${check.secretAccessKey}`, day), region), 's3'), 'aws4_request');
  const expected = createHmac('sha256', signingKey).update(encoded, 'utf8').digest();
  const given = Buffer.from(/^[0-9a-f]{64}$/.test(signature) ? signature : '', 'hex');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    throw new PostPolicyError(403, 'SignatureDoesNotMatch', 'The request signature we calculated does not match the signature you provided.');
  }
  let policy: Policy;
  try {
    policy = JSON.parse(Buffer.from(encoded, 'base64').toString('utf8')) as Policy;
  } catch {
    throw new PostPolicyError(400, 'InvalidPolicyDocument', 'Invalid Policy: Invalid JSON.');
  }
  if (!(Date.parse(policy.expiration) > check.now.getTime())) throw denied('Invalid according to Policy: Policy expired.');

  const valueOf = (name: string) => (name === 'bucket' ? check.bucket : fields.get(name));
  const covered = new Set<string>();
  for (const condition of policy.conditions) {
    if (!Array.isArray(condition)) {
      for (const [name, value] of Object.entries(condition)) {
        covered.add(name.toLowerCase());
        if (valueOf(name.toLowerCase()) !== value) throw conditionFailed(condition);
      }
      continue;
    }
    const [operator, first, second] = condition;
    if (operator === 'content-length-range') {
      if (check.fileSize > Number(second)) throw new PostPolicyError(400, 'EntityTooLarge', 'Your proposed upload exceeds the maximum allowed size');
      if (check.fileSize < Number(first)) throw new PostPolicyError(400, 'EntityTooSmall', 'Your proposed upload is smaller than the minimum allowed size');
      continue;
    }
    const name = String(first).replace(/^\$/, '').toLowerCase();
    covered.add(name);
    const value = valueOf(name) ?? '';
    if (operator === 'eq' && value !== second) throw conditionFailed(condition);
    else if (operator === 'starts-with' && !value.startsWith(String(second))) throw conditionFailed(condition);
    else if (operator !== 'eq' && operator !== 'starts-with') throw new PostPolicyError(400, 'InvalidPolicyDocument', `Invalid Policy: unknown condition ${operator}`);
  }
  for (const name of fields.keys()) {
    if (name === 'policy' || name === 'x-amz-signature' || name === 'file' || name.startsWith('x-ignore-')) continue;
    if (!covered.has(name)) throw denied(`Invalid according to Policy: Extra input fields: ${name}`);
  }
  return key;
}
