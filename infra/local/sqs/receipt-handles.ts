/**
 * Receipt handles: what a receive hands out and DeleteMessage and ChangeMessageVisibility take back. Like SQS's
 * they are opaque and differ on every receive of the same message; unlike SQS's they carry their queue, message
 * and receive in readable form (base64url JSON), so the stand-in tells a handle it never issued (refused with
 * ReceiptHandleIsInvalid) from one of a message since deleted or received again, without remembering every
 * handle it ever gave out.
 */
import { randomBytes } from 'node:crypto';
import * as z from 'zod';

const HandleSchema = z.strictObject({
  /** Queue name. */
  q: z.string().min(1),
  /** Message id. */
  m: z.string().min(1),
  /** Which receive of the message issued it (its ApproximateReceiveCount then). */
  r: z.int().min(1),
  /** Makes two stand-ins' handles for the same receive differ. */
  n: z.string(),
});
export type ReceiptHandle = z.infer<typeof HandleSchema>;

export function issueReceiptHandle(queue: string, messageId: string, receive: number): string {
  const handle: ReceiptHandle = { q: queue, m: messageId, r: receive, n: randomBytes(6).toString('hex') };
  return Buffer.from(JSON.stringify(handle), 'utf8').toString('base64url');
}

/** The handle's contents, or undefined for a string this stand-in did not issue. */
export function readReceiptHandle(text: string): ReceiptHandle | undefined {
  if (!/^[A-Za-z0-9_-]{1,1024}$/.test(text)) return undefined;
  try {
    const parsed = HandleSchema.safeParse(JSON.parse(Buffer.from(text, 'base64url').toString('utf8')));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}
