/**
 * SendEmail's request body (SES API v2, `POST /v2/email/outbound-emails`), validated with the limits of SES's
 * model and documentation, and turned into the message the stand-in keeps. Members the SDK may send that do
 * not change the message (identity ARNs, feedback forwarding, tenant, endpoint) are accepted and ignored, as
 * are members a newer SDK may add; those that would change the message in ways the stand-in does not model
 * (Raw and Template content, attachments, ListManagementOptions, whose List-Unsubscribe SES would write
 * itself) are refused with a clear BadRequestException instead of being dropped without a word.
 */
import { randomUUID } from 'node:crypto';
import * as z from 'zod';
import { parseAddress, type ParsedAddress } from './addresses.ts';
import { SesApiError, badRequest, messageRejected } from './errors.ts';
import type { KeptMessage, MessageHeader } from './mailbox.ts';

/** SES's cap on To, Cc and Bcc together. */
export const MAX_RECIPIENTS = 50;
/** SES's cap on a Simple message's own Headers. */
export const MAX_HEADERS = 15;

const TextContent = z.object({
  Data: z.string(),
  Charset: z.string().regex(/^[A-Za-z0-9._:+-]{1,40}$/, 'must be a character set name such as UTF-8').optional(),
});
const Header = z.object({
  // API_MessageHeader: printable ASCII but the colon, 1 to 126; the value printable ASCII (so no CR or LF, which
  // is what keeps a header from smuggling in another), 1 to 870.
  Name: z.string().min(1).max(126).regex(/^[!-9;-@A-~]+$/, 'must be printable ASCII without a colon'),
  Value: z.string().min(1).max(870).regex(/^[ -~]*$/, 'must be printable ASCII (encode anything else, RFC 2047)'),
});
const Tag = z.object({
  Name: z.string().regex(/^[A-Za-z0-9_-]{1,256}$/, 'must be 1 to 256 letters, digits, _ or -'),
  Value: z.string().regex(/^[A-Za-z0-9_-]{1,256}$/, 'must be 1 to 256 letters, digits, _ or -'),
});
const Addresses = z.array(z.string()).optional();

export const SendEmailRequestSchema = z.object({
  FromEmailAddress: z.string().optional(),
  Destination: z.object({ ToAddresses: Addresses, CcAddresses: Addresses, BccAddresses: Addresses }).optional(),
  ReplyToAddresses: Addresses,
  Content: z.object({
    Simple: z
      .object({
        Subject: TextContent,
        Body: z.object({ Text: TextContent.optional(), Html: TextContent.optional() }),
        Headers: z.array(Header).max(MAX_HEADERS).optional(),
        Attachments: z.array(z.unknown()).optional(),
      })
      .optional(),
    Raw: z.unknown().optional(),
    Template: z.unknown().optional(),
  }),
  ConfigurationSetName: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'must be 1 to 64 letters, digits, _ or -').optional(),
  EmailTags: z.array(Tag).max(50).optional(),
  ListManagementOptions: z.unknown().optional(),
});
export type SendEmailRequest = z.infer<typeof SendEmailRequestSchema>;

/**
 * Headers SES writes itself from the request's members: given again in Headers they would appear twice, and
 * SES allows each of them once (the developer guide's "Amazon SES header fields").
 */
const WRITTEN_BY_SES = new Set(['from', 'to', 'cc', 'bcc', 'reply-to', 'subject', 'mime-version', 'content-type', 'content-transfer-encoding']);
/** SES replaces these with its own values whatever the caller sent. */
const REPLACED_BY_SES = new Set(['date', 'message-id']);
/** The other header fields SES allows at most once (same guide). */
const ONCE_ONLY = new Set(
  [
    'Accept-Language', 'acceptLanguage', 'Archived-At', 'Auto-Submitted', 'Bounces-to', 'Comments', 'Content-Alternative',
    'Content-Base', 'Content-Class', 'Content-Description', 'Content-Disposition', 'Content-Duration', 'Content-ID',
    'Content-Language', 'Content-Length', 'Content-Location', 'Content-MD5', 'Delivered-To', 'Disposition-Notification-Options',
    'Disposition-Notification-To', 'DKIM-Signature', 'DomainKey-Signature', 'Errors-To', 'Importance', 'In-Reply-To', 'Keywords',
    'List-Archive', 'List-Help', 'List-Id', 'List-Owner', 'List-Post', 'List-Subscribe', 'List-Unsubscribe', 'List-Unsubscribe-Post',
    'Message-Context', 'Organization', 'Original-From', 'Original-Message-ID', 'Original-Recipient', 'Original-Subject',
    'Precedence', 'Priority', 'References', 'Return-Path', 'Return-Receipt-To', 'Sender', 'Solicitation', 'Sensitivity',
    'Thread-Index', 'Thread-Topic', 'User-Agent', 'VBR-Info',
  ].map((name) => name.toLowerCase()),
);

/** An SES-shaped validation message: every problem, each at its member's path. */
export function validationMessage(error: z.ZodError): string {
  const problems = error.issues.map((issue) => `${issue.path.length ? issue.path.join('.') : 'body'}: ${issue.message}`);
  return `${problems.length} validation error${problems.length === 1 ? '' : 's'} detected: ${problems.join('; ')}`;
}

/** An id shaped like SES's own: 0100 + the time in hex, a UUID, and a six-digit suffix. */
export function sesMessageId(now: number): string {
  return `0100${now.toString(16).padStart(12, '0')}-${randomUUID()}-000000`;
}

function addresses(values: readonly string[] | undefined, member: string): ParsedAddress[] {
  return (values ?? []).map((value) => {
    const parsed = parseAddress(value);
    if ('error' in parsed) throw badRequest(`${member}: ${parsed.error}`);
    return parsed;
  });
}

function ownHeaders(headers: readonly z.infer<typeof Header>[]): MessageHeader[] {
  const seen = new Set<string>();
  const kept: MessageHeader[] = [];
  for (const { Name: name, Value: value } of headers) {
    const lower = name.toLowerCase();
    if (WRITTEN_BY_SES.has(lower)) throw badRequest(`Header '${name}' is written by SES from the request's members; set it there, not in Content.Simple.Headers.`);
    if (ONCE_ONLY.has(lower) && seen.has(lower)) throw badRequest(`Header '${name}' may appear only once in a message.`);
    seen.add(lower);
    if (!REPLACED_BY_SES.has(lower)) kept.push({ name, value });
  }
  return kept;
}

export interface AcceptOptions {
  readonly now: number;
  /** When given, the From address or its domain must be one of these (SES sends only from verified identities). */
  readonly verifiedIdentities?: readonly string[];
  /** When given, a ConfigurationSetName must be one of these. */
  readonly configurationSets?: readonly string[];
}

/** The message SES would send for this request, or the SesApiError SES would answer it with. */
export function acceptSendEmail(request: SendEmailRequest, options: AcceptOptions): KeptMessage {
  const { Content: content } = request;
  const kinds = (['Simple', 'Raw', 'Template'] as const).filter((kind) => content[kind] !== undefined);
  if (kinds.length !== 1) throw badRequest('Content must have exactly one of Simple, Raw or Template.');
  if (!content.Simple) {
    throw badRequest(`Content.${kinds[0]} is not supported by the local SES stand-in: send Content.Simple (Subject, Body, Headers), as RaceFinder's sender does.`);
  }
  const simple = content.Simple;
  if (simple.Attachments?.length) throw badRequest('Content.Simple.Attachments are not supported by the local SES stand-in.');
  if (request.ListManagementOptions !== undefined) {
    throw badRequest('ListManagementOptions is not supported by the local SES stand-in: send List-Unsubscribe and List-Unsubscribe-Post in Content.Simple.Headers.');
  }
  if (simple.Body.Text === undefined && simple.Body.Html === undefined) throw badRequest('Content.Simple.Body must have Text, Html or both.');
  if (!request.FromEmailAddress) throw badRequest('FromEmailAddress is required for Simple content.');

  const [from] = addresses([request.FromEmailAddress], 'FromEmailAddress');
  const to = addresses(request.Destination?.ToAddresses, 'Destination.ToAddresses');
  const cc = addresses(request.Destination?.CcAddresses, 'Destination.CcAddresses');
  const bcc = addresses(request.Destination?.BccAddresses, 'Destination.BccAddresses');
  const replyTo = addresses(request.ReplyToAddresses, 'ReplyToAddresses');
  const recipients = to.length + cc.length + bcc.length;
  if (recipients === 0) throw badRequest('Destination must name at least one recipient in ToAddresses, CcAddresses or BccAddresses.');
  if (recipients > MAX_RECIPIENTS) throw messageRejected(`Recipient count exceeds ${MAX_RECIPIENTS}.`);

  const sender = from!.address;
  if (options.verifiedIdentities && !options.verifiedIdentities.some((identity) => [sender, sender.split('@')[1]].includes(identity.toLowerCase()))) {
    throw messageRejected(`Email address is not verified. The following identities failed the check in region US-EAST-1: ${request.FromEmailAddress}`);
  }
  const configurationSetName = request.ConfigurationSetName ?? null;
  if (configurationSetName && options.configurationSets && !options.configurationSets.includes(configurationSetName)) {
    throw new SesApiError(404, 'NotFoundException', `Configuration set <${configurationSetName}> does not exist.`);
  }

  const own = ownHeaders(simple.Headers ?? []);
  const id = sesMessageId(options.now);
  const list = (parsed: readonly ParsedAddress[]) => parsed.map((address) => address.raw);
  const written: MessageHeader[] = [
    { name: 'From', value: from!.raw },
    ...(to.length ? [{ name: 'To', value: list(to).join(', ') }] : []),
    ...(cc.length ? [{ name: 'Cc', value: list(cc).join(', ') }] : []),
    ...(replyTo.length ? [{ name: 'Reply-To', value: list(replyTo).join(', ') }] : []),
    { name: 'Subject', value: simple.Subject.Data },
    { name: 'Date', value: new Date(options.now).toUTCString() },
    { name: 'Message-ID', value: `<${id}@email.amazonses.com>` },
    { name: 'MIME-Version', value: '1.0' },
  ];
  return {
    id,
    from: from!.raw,
    to: list(to),
    cc: list(cc),
    bcc: list(bcc),
    replyTo: list(replyTo),
    subject: simple.Subject.Data,
    text: simple.Body.Text?.Data ?? null,
    html: simple.Body.Html?.Data ?? null,
    headers: [...written, ...own],
    configurationSetName,
    tags: (request.EmailTags ?? []).map((tag) => ({ name: tag.Name, value: tag.Value })),
    sentAt: new Date(options.now).toISOString(),
  };
}
