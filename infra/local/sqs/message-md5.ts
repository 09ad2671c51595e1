/**
 * The MD5 digests SQS answers with, so a client can tell its message arrived whole. The SDK checks
 * MD5OfMessageBody (SendMessage, each SendMessageBatch entry) and MD5OfBody (ReceiveMessage) and throws when one
 * is wrong; the Java and .NET SDKs also check the attribute digests, so those follow SQS's documented encoding
 * ("Calculating the MD5 message digest for message attributes"): for each attribute in name order, the name, the
 * data type, a transport byte (1 for String and Number, 2 for Binary) and the value, each of the three length-
 * prefixed with four big-endian bytes.
 */
import { createHash } from 'node:crypto';

/** One message attribute as kept: String and Number hold `stringValue`, Binary holds `binaryValue`. */
export interface StoredAttribute {
  readonly dataType: string;
  readonly stringValue?: string;
  readonly binaryValue?: Buffer;
}

export type StoredAttributes = Readonly<Record<string, StoredAttribute>>;

/** Hex MD5 of a body's UTF-8 bytes. */
export const md5Hex = (data: string | Uint8Array) => createHash('md5').update(data).digest('hex');

const STRING_TRANSPORT = Buffer.from([1]);
const BINARY_TRANSPORT = Buffer.from([2]);

/** The digest of a set of attributes, or undefined for none (SQS then leaves the MD5 member out). */
export function md5OfAttributes(attributes: StoredAttributes): string | undefined {
  // Code-unit order, as SQS and the SDKs' own checks (a Java TreeMap of String) sort the names.
  const names = Object.keys(attributes).sort();
  if (names.length === 0) return undefined;
  const hash = createHash('md5');
  const lengthPrefixed = (bytes: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(bytes.length);
    hash.update(length).update(bytes);
  };
  for (const name of names) {
    const attribute = attributes[name]!;
    lengthPrefixed(Buffer.from(name, 'utf8'));
    lengthPrefixed(Buffer.from(attribute.dataType, 'utf8'));
    if (attribute.binaryValue !== undefined) {
      hash.update(BINARY_TRANSPORT);
      lengthPrefixed(attribute.binaryValue);
    } else {
      hash.update(STRING_TRANSPORT);
      lengthPrefixed(Buffer.from(attribute.stringValue ?? '', 'utf8'));
    }
  }
  return hash.digest('hex');
}
