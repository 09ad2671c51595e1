/**
 * The request parameters the Stripe stand-in accepts, as zod schemas over parsed form bodies (every value is
 * a string on the wire), and the mapping of a zod issue to the error Stripe answers: `parameter_missing`,
 * `parameter_unknown` or `parameter_invalid_*`, with `param` written the way Stripe writes it
 * (`line_items[0][price_data][unit_amount]`). Only what RaceFinder's payments use is modelled; anything else
 * is refused as an unknown parameter, so code written against the stand-in does not quietly rely on a field it
 * ignores.
 */
import * as z from 'zod';
import type { StripeErrorBody } from './errors.ts';

const integer = (min: number, max: number) =>
  z
    .string({ error: (issue) => (issue.input === undefined ? undefined : 'Invalid integer') })
    .regex(/^-?\d+$/, { error: 'Invalid integer' })
    .transform(Number)
    .pipe(z.number().int().min(min, { error: `Must be at least ${min}` }).max(max, { error: `Must be at most ${max}` }));

const text = (max: number) => z.string().min(1, { error: 'Invalid empty string' }).max(max, { error: `Must be at most ${max} characters` });

const httpUrl = z
  .string()
  .max(5000, { error: 'Must be at most 5000 characters' })
  .refine((value) => {
    try {
      return ['http:', 'https:'].includes(new URL(value).protocol);
    } catch {
      return false;
    }
  }, { error: 'Not a valid URL' });

/** Stripe: at most 50 keys, keys up to 40 characters, values up to 500; an empty value unsets the key. */
const metadata = z
  .record(z.string().max(40, { error: 'Metadata keys must be at most 40 characters' }), z.string().max(500, { error: 'Metadata values must be at most 500 characters' }))
  .refine((value) => Object.keys(value).length <= 50, { error: 'Metadata can have at most 50 keys' })
  .transform((value) => Object.fromEntries(Object.entries(value).filter(([, entry]) => entry !== '')));

const currency = z
  .string()
  .regex(/^[a-zA-Z]{3}$/, { error: 'Invalid currency: must be a three-letter ISO code such as usd' })
  .transform((value) => value.toLowerCase());

const lineItem = z.strictObject({
  price_data: z.strictObject({
    currency,
    unit_amount: integer(0, 99_999_999),
    product_data: z.strictObject({ name: text(250), description: text(500).optional(), metadata: metadata.optional() }),
  }),
  quantity: integer(1, 999_999),
});

export const SessionCreateParams = z
  .strictObject({
    mode: z.enum(['payment'], { error: (issue) => (issue.input === undefined ? undefined : "Invalid mode: this stand-in supports 'payment' only") }),
    line_items: z.array(lineItem).min(1, { error: 'Invalid array: at least one line item is required' }).max(100, { error: 'Invalid array: at most 100 line items' }),
    success_url: httpUrl,
    cancel_url: httpUrl.optional(),
    client_reference_id: text(200).optional(),
    customer_email: z.email({ error: 'Invalid email address' }).optional(),
    metadata: metadata.optional(),
    payment_intent_data: z.strictObject({ description: text(1000).optional(), metadata: metadata.optional() }).optional(),
    payment_method_types: z.array(z.enum(['card'], { error: "Invalid payment_method_types: this stand-in offers 'card' only" })).optional(),
    expires_at: integer(0, Number.MAX_SAFE_INTEGER).optional(),
  })
  .superRefine((params, context) => {
    const currencies = new Set(params.line_items.map((item) => item.price_data.currency));
    if (currencies.size > 1) {
      context.addIssue({ code: 'custom', path: ['line_items'], message: 'All line items must use the same currency' });
    }
  });
export type SessionCreateParams = z.infer<typeof SessionCreateParams>;

export const RefundCreateParams = z.strictObject({
  payment_intent: text(255).optional(),
  charge: text(255).optional(),
  amount: integer(1, 99_999_999).optional(),
  reason: z.enum(['duplicate', 'fraudulent', 'requested_by_customer'], { error: 'Invalid reason: must be one of duplicate, fraudulent or requested_by_customer' }).optional(),
  metadata: metadata.optional(),
});
export type RefundCreateParams = z.infer<typeof RefundCreateParams>;

/** Requests that take no parameters (retrieves) still refuse unknown ones, `expand` included. */
export const NoParams = z.strictObject({});

/** ['line_items', 0, 'price_data'] -> line_items[0][price_data] */
export function paramName(path: readonly PropertyKey[]): string {
  const [first, ...rest] = path.map(String);
  return `${first ?? ''}${rest.map((segment) => `[${segment}]`).join('')}`;
}

/** The first zod issue as Stripe's invalid_request_error. */
export function paramError(error: z.ZodError): StripeErrorBody {
  const issue = error.issues[0]!;
  if (issue.code === 'unrecognized_keys') {
    const param = paramName([...issue.path, issue.keys[0]!]);
    return { type: 'invalid_request_error', code: 'parameter_unknown', param, message: `Received unknown parameter: ${param}` };
  }
  const param = paramName(issue.path);
  // Parsed with reportInput, so `input` is there and undefined exactly when the parameter was not sent.
  if ((issue.code === 'invalid_type' || issue.code === 'invalid_value') && 'input' in issue && issue.input === undefined) {
    return { type: 'invalid_request_error', code: 'parameter_missing', param, message: `Missing required param: ${param}.` };
  }
  const code = issue.message.startsWith('Invalid integer') ? 'parameter_invalid_integer' : issue.message === 'Not a valid URL' ? 'url_invalid' : 'parameter_invalid';
  return { type: 'invalid_request_error', code, param, message: `${issue.message} (${param})` };
}
