/**
 * SES v2's error wire format (REST-JSON): the HTTP status, the error's name in the `x-amzn-ErrorType` header
 * (the SDK reads the header before the body) and `{ "message": ... }` as the body. The SDK turns a name its
 * model knows (BadRequestException, MessageRejected, NotFoundException, TooManyRequestsException,
 * InternalServiceErrorException...) into that typed exception; any other name becomes an SESv2ServiceException
 * carrying the name, as AWS's own gateway errors (MissingAuthenticationTokenException) do.
 */
export type SesErrorType =
  | 'BadRequestException'
  | 'MessageRejected'
  | 'NotFoundException'
  | 'TooManyRequestsException'
  | 'InternalServiceErrorException'
  | 'MissingAuthenticationTokenException'
  | 'UnknownOperationException';

export class SesApiError extends Error {
  constructor(
    readonly status: number,
    readonly type: SesErrorType,
    message: string,
    /** Extra answer headers (Allow on a 405). */
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(message);
  }
}

export const badRequest = (message: string) => new SesApiError(400, 'BadRequestException', message);

export const messageRejected = (message: string) => new SesApiError(400, 'MessageRejected', message);
