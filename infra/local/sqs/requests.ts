/**
 * The JSON bodies of the operations the stand-in serves, as @aws-sdk/client-sqs 3.1175 writes them (member
 * names and types from its schema: integers as JSON numbers, blobs as base64 strings, lists as arrays). The
 * schemas check shapes and types only; the limits SQS answers with its own wording (ranges, batch sizes, message
 * content) are checked by the operations (operations.ts, message-content.ts), so the caller reads SQS's message.
 * Members a newer SDK may add are accepted and ignored, as the real service ignores what it does not know.
 */
import * as z from 'zod';
import { MessageAttributesSchema } from './message-content.ts';

const QueueUrl = z.string({ error: 'The request must contain the parameter QueueUrl.' });
const Int = z.int();
const Names = z.array(z.string());

export const GetQueueUrlRequest = z.object({
  QueueName: z.string({ error: 'The request must contain the parameter QueueName.' }),
  QueueOwnerAWSAccountId: z.string().optional(),
});

export const GetQueueAttributesRequest = z.object({ QueueUrl, AttributeNames: Names.optional() });

const MessageFields = {
  MessageBody: z.string().optional(),
  DelaySeconds: Int.optional(),
  MessageAttributes: MessageAttributesSchema.optional(),
  MessageSystemAttributes: MessageAttributesSchema.optional(),
  MessageDeduplicationId: z.string().optional(),
  MessageGroupId: z.string().optional(),
};

export const SendMessageRequest = z.object({ QueueUrl, ...MessageFields });

const BatchEntryId = z.string({ error: 'Each batch entry must have an Id.' });

export const SendMessageBatchRequest = z.object({
  QueueUrl,
  Entries: z.array(z.object({ Id: BatchEntryId, ...MessageFields })).optional(),
});

export const ReceiveMessageRequest = z.object({
  QueueUrl,
  AttributeNames: Names.optional(),
  MessageSystemAttributeNames: Names.optional(),
  MessageAttributeNames: Names.optional(),
  MaxNumberOfMessages: Int.optional(),
  VisibilityTimeout: Int.optional(),
  WaitTimeSeconds: Int.optional(),
  ReceiveRequestAttemptId: z.string().optional(),
});

const ReceiptHandle = z.string({ error: 'The request must contain the parameter ReceiptHandle.' });

export const DeleteMessageRequest = z.object({ QueueUrl, ReceiptHandle });

export const DeleteMessageBatchRequest = z.object({
  QueueUrl,
  Entries: z.array(z.object({ Id: BatchEntryId, ReceiptHandle })).optional(),
});

export const ChangeMessageVisibilityRequest = z.object({
  QueueUrl,
  ReceiptHandle,
  VisibilityTimeout: z.int({ error: 'The request must contain the parameter VisibilityTimeout.' }),
});

export const ChangeMessageVisibilityBatchRequest = z.object({
  QueueUrl,
  Entries: z.array(z.object({ Id: BatchEntryId, ReceiptHandle, VisibilityTimeout: Int.optional() })).optional(),
});

export const PurgeQueueRequest = z.object({ QueueUrl });

/** Every problem, each at its member's path, in one line. */
export function validationMessage(error: z.ZodError): string {
  const problems = error.issues.map((issue) => (issue.path.length ? `${issue.path.join('.')}: ${issue.message}` : issue.message));
  return `${problems.length} validation error${problems.length === 1 ? '' : 's'} detected: ${problems.join('; ')}`;
}
