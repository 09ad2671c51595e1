/**
 * OpenAI's error wire format: `{ "error": { message, type, param, code } }` (param and code null when they do
 * not apply) with the HTTP status the `openai` SDK maps to its error classes (400 BadRequestError, 401
 * AuthenticationError, 404 NotFoundError, 413/others APIError, 429 RateLimitError, 500 InternalServerError).
 * Messages follow OpenAI's own wording where the app or a developer may recognise them.
 */

export interface OpenAiErrorBody {
  readonly message: string;
  readonly type: 'invalid_request_error' | 'requests' | 'server_error';
  readonly param: string | null;
  readonly code: string | null;
}

export class OpenAiApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: OpenAiErrorBody,
    /** Extra response headers (retry-after on a 429). */
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(body.message);
  }
}

export const invalidRequest = (message: string, param: string | null = null, code: string | null = null, status = 400) =>
  new OpenAiApiError(status, { message, type: 'invalid_request_error', param, code });

export const missingApiKey = () =>
  new OpenAiApiError(401, {
    message:
      "You didn't provide an API key. You need to provide your API key in an Authorization header using Bearer auth (i.e. Authorization: Bearer YOUR_KEY). The local OpenAI stand-in's key is in README (LOCAL_OPENAI_KEY).",
    type: 'invalid_request_error',
    param: null,
    code: null,
  });

/** OpenAI names a wrong key without repeating it: its start and its last four characters. */
const redact = (key: string) => (key.length > 10 ? `${key.slice(0, 6)}${'*'.repeat(key.length - 10)}${key.slice(-4)}` : `${key.slice(0, 3)}****`);

export const incorrectApiKey = (key: string) =>
  new OpenAiApiError(401, {
    message: `Incorrect API key provided: ${redact(key)}. You can find your API key at https://platform.openai.com/account/api-keys.`,
    type: 'invalid_request_error',
    param: null,
    code: 'invalid_api_key',
  });

export const unknownUrl = (method: string, path: string) =>
  invalidRequest(`Invalid URL (${method} ${path}). The local OpenAI stand-in serves POST /v1/chat/completions only.`, null, null, 404);

export const unparsableJson = () =>
  invalidRequest(
    "We could not parse the JSON body of your request. (HINT: This likely means you aren't using your HTTP library correctly. The OpenAI API expects a JSON payload, but what was sent was not valid JSON.)",
  );

export const serverError = () =>
  new OpenAiApiError(500, {
    message: 'The server had an error while processing your request. Sorry about that!',
    type: 'server_error',
    param: null,
    code: null,
  });

export const rateLimited = (model: string) =>
  new OpenAiApiError(
    429,
    {
      message: `Rate limit reached for ${model} on requests per min (RPM). Please try again in 1s. (The local OpenAI stand-in was told to refuse this request: failNext('rate_limit').)`,
      type: 'requests',
      param: null,
      code: 'rate_limit_exceeded',
    },
    // The SDK waits this long before a retry, so an app with retries on gets through a single 429 quickly.
    { 'retry-after': '1' },
  );
