/**
 * SQS's error wire format in the AWS JSON 1.0 protocol, as @aws-sdk/client-sqs 3.1175 reads it: the HTTP status,
 * a body `{ "__type": "com.amazonaws.sqs#<Name>", "message": ... }`, and the `x-amzn-query-error: <Code>;<Sender|
 * Receiver>` header that SQS sends because its API is "query compatible" (it spoke the XML query protocol first).
 * The SDK looks at the header's code before `__type`: a code its model knows (AWS.SimpleQueueService.
 * NonExistentQueue...) becomes that typed exception (QueueDoesNotExist...), and any other code (the common
 * InvalidParameterValue and MissingParameter, which the model leaves out) becomes an SQSServiceException whose
 * `name` is the code, exactly as the real service's answers do.
 */

/** Each error's HTTP status and query code, from the `awsQueryError` traits of the SDK's model. */
const SQS_ERRORS = {
  QueueDoesNotExist: { status: 400, code: 'AWS.SimpleQueueService.NonExistentQueue' },
  TooManyEntriesInBatchRequest: { status: 400, code: 'AWS.SimpleQueueService.TooManyEntriesInBatchRequest' },
  EmptyBatchRequest: { status: 400, code: 'AWS.SimpleQueueService.EmptyBatchRequest' },
  BatchEntryIdsNotDistinct: { status: 400, code: 'AWS.SimpleQueueService.BatchEntryIdsNotDistinct' },
  InvalidBatchEntryId: { status: 400, code: 'AWS.SimpleQueueService.InvalidBatchEntryId' },
  BatchRequestTooLong: { status: 400, code: 'AWS.SimpleQueueService.BatchRequestTooLong' },
  MessageNotInflight: { status: 400, code: 'AWS.SimpleQueueService.MessageNotInflight' },
  UnsupportedOperation: { status: 400, code: 'AWS.SimpleQueueService.UnsupportedOperation' },
  ReceiptHandleIsInvalid: { status: 404, code: 'ReceiptHandleIsInvalid' },
  InvalidAddress: { status: 404, code: 'InvalidAddress' },
  InvalidAttributeName: { status: 400, code: 'InvalidAttributeName' },
  InvalidMessageContents: { status: 400, code: 'InvalidMessageContents' },
  // Common errors of every query API; the SQS model has no shape for them.
  InvalidParameterValue: { status: 400, code: 'InvalidParameterValue' },
  MissingParameter: { status: 400, code: 'MissingParameter' },
  InvalidAction: { status: 400, code: 'InvalidAction' },
  MissingAuthenticationToken: { status: 403, code: 'MissingAuthenticationToken' },
  InternalError: { status: 500, code: 'InternalError' },
} as const;

export type SqsErrorName = keyof typeof SQS_ERRORS;

export class SqsApiError extends Error {
  readonly status: number;
  /** The query code: what the SDK names the error by. */
  readonly code: string;
  /** Receiver for the service's own failures (a 5xx), Sender for the caller's. */
  readonly fault: 'Sender' | 'Receiver';

  constructor(
    readonly errorName: SqsErrorName,
    message: string,
    /** Extra answer headers (Allow on a 405). */
    readonly headers: Readonly<Record<string, string>> = {},
    status?: number,
  ) {
    super(message);
    this.status = status ?? SQS_ERRORS[errorName].status;
    this.code = SQS_ERRORS[errorName].code;
    this.fault = this.status >= 500 ? 'Receiver' : 'Sender';
  }

  /** The JSON body SQS answers with. */
  body(): { __type: string; message: string } {
    return { __type: `com.amazonaws.sqs#${this.errorName}`, message: this.message };
  }
}

export const invalidParameterValue = (message: string) => new SqsApiError('InvalidParameterValue', message);

export const missingParameter = (name: string) => new SqsApiError('MissingParameter', `The request must contain the parameter ${name}.`);

/** SQS's wording for a number out of its range. */
export function outOfRange(parameter: string, value: number, reason: string): SqsApiError {
  return invalidParameterValue(`Value ${value} for parameter ${parameter} is invalid. Reason: ${reason}`);
}
