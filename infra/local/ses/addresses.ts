/**
 * E-mail addresses as SES takes them in SendEmail: `local@domain`, or `Display Name <local@domain>` with the
 * name optionally quoted. SES wants the address itself in 7-bit ASCII (a non-ASCII domain as punycode) and a
 * non-ASCII display name as an RFC 2047 encoded word; both are refused here too, so a sender that would fail
 * in AWS fails locally first.
 */

export interface ParsedAddress {
  /** The address as it was given (display name included), which is how it appears in the message's headers. */
  readonly raw: string;
  /** The bare address, lower-cased: what a mailbox filter compares. */
  readonly address: string;
}

const ATOM = "[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+";
const LABEL = '[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?';
const ADDR_SPEC = new RegExp(`^${ATOM}(?:\\.${ATOM})*@(?:${LABEL}\\.)+${LABEL}$`);
/** `"Quoted, Name" <a@b>` or `Plain Name <a@b>`. */
const NAME_ADDR = /^\s*(?:"((?:[^"\\\r\n]|\\.)*)"|([^"<>\r\n]*?))\s*<([^<>\s]+)>\s*$/;
const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;

/** The address, or a sentence saying what is wrong with it. */
export function parseAddress(raw: string): ParsedAddress | { readonly error: string } {
  const named = NAME_ADDR.exec(raw);
  const spec = named ? named[3]! : raw.trim();
  const display = named ? (named[1] ?? named[2] ?? '') : '';
  if (spec.length > 320 || !ADDR_SPEC.test(spec)) return { error: `Illegal address: '${raw}'` };
  if (!PRINTABLE_ASCII.test(display)) {
    return { error: `Illegal address: '${raw}': a display name with non-ASCII characters must be an RFC 2047 encoded word (=?UTF-8?B?...?=)` };
  }
  return { raw: raw.trim(), address: spec.toLowerCase() };
}

/** The bare, lower-cased address of something a caller passes as a filter (either form above), if it is one. */
export function bareAddress(value: string): string | undefined {
  const parsed = parseAddress(value);
  return 'error' in parsed ? undefined : parsed.address;
}
