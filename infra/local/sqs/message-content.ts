/**
 * What a message may hold, checked as SQS checks it (the developer guide's "Amazon SQS message quotas" and
 * "message attributes" pages): a body of XML-safe characters, at most 10 attributes with well-formed names and
 * String, Number or Binary types (a custom suffix such as `Number.int` allowed), the AWSTraceHeader system
 * attribute only, and at most 256 KiB for the body and the attributes' names, types and values together.
 * StringListValues and BinaryListValues, which SQS reserves and refuses, are refused here too.
 */
import * as z from 'zod';
import { SqsApiError, invalidParameterValue } from './errors.ts';
import { md5Hex, md5OfAttributes, type StoredAttribute, type StoredAttributes } from './message-md5.ts';

/** SQS's quota for a standard queue's message, the body and attributes counted together. */
export const MAX_MESSAGE_BYTES = 262_144;
export const MAX_ATTRIBUTES = 10;

export const MessageAttributeValueSchema = z.object({
  DataType: z.string(),
  StringValue: z.string().optional(),
  // A blob: base64 in the JSON protocol.
  BinaryValue: z.string().optional(),
  StringListValues: z.array(z.string()).optional(),
  BinaryListValues: z.array(z.string()).optional(),
});
export const MessageAttributesSchema = z.record(z.string(), MessageAttributeValueSchema);
export type MessageAttributesInput = z.infer<typeof MessageAttributesSchema>;

/** The characters SQS takes in a body or a string value: #x9 | #xA | #xD | #x20-#xD7FF | #xE000-#xFFFD | #x10000-#x10FFFF. */
const NOT_ALLOWED = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/u;
const ALLOWED_SET = '#x9 | #xA | #xD | #x20 to #xD7FF | #xE000 to #xFFFD | #x10000 to #x10FFFF';

function firstForbidden(text: string): string | undefined {
  const found = NOT_ALLOWED.exec(text)?.[0];
  return found === undefined ? undefined : `#x${found.codePointAt(0)!.toString(16).toUpperCase()}`;
}

const NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

function attributeNameProblem(name: string): string | undefined {
  if (name.length === 0 || name.length > 256) return 'must be 1 to 256 characters long';
  if (!/^[A-Za-z0-9_.-]+$/.test(name)) return 'may contain only letters, digits, underscores, hyphens and periods';
  if (/^(aws\.|amazon\.)/i.test(name)) return "may not start with 'AWS.' or 'Amazon.', which are reserved";
  if (name.startsWith('.') || name.endsWith('.') || name.includes('..')) return 'may not start or end with a period, nor have two in a row';
  return undefined;
}

function acceptAttribute(name: string, value: z.infer<typeof MessageAttributeValueSchema>, kind: 'user' | 'system'): StoredAttribute {
  const what = `Message (${kind}) attribute '${name}'`;
  if (value.StringListValues?.length || value.BinaryListValues?.length) {
    throw invalidParameterValue(`${what}: StringListValues and BinaryListValues are reserved by SQS and not supported; send StringValue or BinaryValue.`);
  }
  const type = /^(String|Number|Binary)(\..+)?$/.exec(value.DataType);
  if (!type || value.DataType.length > 256) {
    throw invalidParameterValue(`The type of ${what.charAt(0).toLowerCase()}${what.slice(1)} is invalid: '${value.DataType}'. You must use only the following supported type prefixes: Binary, Number, String.`);
  }
  if (type[1] === 'Binary') {
    if (value.StringValue !== undefined) throw invalidParameterValue(`${what} of type '${value.DataType}' takes a BinaryValue, not a StringValue.`);
    if (!value.BinaryValue || !BASE64.test(value.BinaryValue)) throw invalidParameterValue(`${what} must contain a non-empty value of type '${value.DataType}' (BinaryValue, base64).`);
    return { dataType: value.DataType, binaryValue: Buffer.from(value.BinaryValue, 'base64') };
  }
  if (value.BinaryValue !== undefined) throw invalidParameterValue(`${what} of type '${value.DataType}' takes a StringValue, not a BinaryValue.`);
  if (!value.StringValue) throw invalidParameterValue(`${what} must contain a non-empty value of type '${value.DataType}'.`);
  if (type[1] === 'Number' && !NUMBER.test(value.StringValue)) throw invalidParameterValue(`Can't cast the value of ${what.charAt(0).toLowerCase()}${what.slice(1)} to a number: '${value.StringValue}'.`);
  const forbidden = firstForbidden(value.StringValue);
  if (forbidden) throw invalidParameterValue(`${what} contains the character ${forbidden}, which SQS does not allow; the allowed set is ${ALLOWED_SET}.`);
  return { dataType: value.DataType, stringValue: value.StringValue };
}

export function acceptAttributes(input: MessageAttributesInput | undefined, kind: 'user' | 'system'): StoredAttributes {
  const entries = Object.entries(input ?? {});
  if (entries.length > MAX_ATTRIBUTES) throw invalidParameterValue(`Number of message attributes [${entries.length}] exceeds the allowed maximum [${MAX_ATTRIBUTES}].`);
  const accepted: Record<string, StoredAttribute> = {};
  for (const [name, value] of entries) {
    if (kind === 'system') {
      // The one system attribute a sender may set (X-Ray's trace header).
      if (name !== 'AWSTraceHeader') throw invalidParameterValue(`Message system attribute name '${name}' is invalid: the only one a sender may set is AWSTraceHeader.`);
      if (value.DataType !== 'String') throw invalidParameterValue(`Message system attribute 'AWSTraceHeader' must be of type 'String', not '${value.DataType}'.`);
    } else {
      const problem = attributeNameProblem(name);
      if (problem) throw invalidParameterValue(`Message (user) attribute name '${name}' is invalid: it ${problem}.`);
    }
    accepted[name] = acceptAttribute(name, value, kind);
  }
  return accepted;
}

/** Bytes a message counts against the quota: the body, and each attribute's name, type and value. */
export function messageBytes(body: string, attributes: StoredAttributes): number {
  let bytes = Buffer.byteLength(body, 'utf8');
  for (const [name, attribute] of Object.entries(attributes)) {
    bytes += Buffer.byteLength(name, 'utf8') + Buffer.byteLength(attribute.dataType, 'utf8');
    bytes += attribute.binaryValue?.length ?? Buffer.byteLength(attribute.stringValue ?? '', 'utf8');
  }
  return bytes;
}

export interface MessageContent {
  readonly body: string;
  readonly md5OfBody: string;
  readonly attributes: StoredAttributes;
  readonly md5OfAttributes: string | undefined;
  readonly systemAttributes: StoredAttributes;
  readonly md5OfSystemAttributes: string | undefined;
  /** Bytes counted against the quota. */
  readonly bytes: number;
}

export interface MessageContentInput {
  readonly MessageBody?: string | undefined;
  readonly MessageAttributes?: MessageAttributesInput | undefined;
  readonly MessageSystemAttributes?: MessageAttributesInput | undefined;
}

/** The message as SQS would keep it, or the SqsApiError it would refuse it with. */
export function acceptMessageContent(input: MessageContentInput): MessageContent {
  if (input.MessageBody === undefined) throw new SqsApiError('MissingParameter', 'The request must contain the parameter MessageBody.');
  const body = input.MessageBody;
  if (body.length === 0) throw invalidParameterValue('One or more parameters are invalid. Reason: Message must be at least one character long.');
  const forbidden = firstForbidden(body);
  if (forbidden) {
    throw new SqsApiError('InvalidMessageContents', `Invalid binary character '${forbidden}' was found in the message body, the set of allowed characters is ${ALLOWED_SET}`);
  }
  const attributes = acceptAttributes(input.MessageAttributes, 'user');
  const systemAttributes = acceptAttributes(input.MessageSystemAttributes, 'system');
  const bytes = messageBytes(body, attributes);
  if (bytes > MAX_MESSAGE_BYTES) throw invalidParameterValue(`One or more parameters are invalid. Reason: Message must be shorter than ${MAX_MESSAGE_BYTES} bytes.`);
  return {
    body,
    md5OfBody: md5Hex(body),
    attributes,
    md5OfAttributes: md5OfAttributes(attributes),
    systemAttributes,
    md5OfSystemAttributes: md5OfAttributes(systemAttributes),
    bytes,
  };
}

/** Attributes on the wire (JSON protocol: binary values base64). */
export function attributesOnTheWire(attributes: StoredAttributes): Record<string, { DataType: string; StringValue?: string; BinaryValue?: string }> {
  const wire: Record<string, { DataType: string; StringValue?: string; BinaryValue?: string }> = {};
  for (const [name, attribute] of Object.entries(attributes)) {
    wire[name] =
      attribute.binaryValue !== undefined
        ? { DataType: attribute.dataType, BinaryValue: attribute.binaryValue.toString('base64') }
        : { DataType: attribute.dataType, StringValue: attribute.stringValue ?? '' };
  }
  return wire;
}

/**
 * The attributes ReceiveMessage's MessageAttributeNames asks for: `All` or `.*` for every one, `prefix.*` for
 * those whose names start with `prefix.`, other entries by exact name.
 */
export function selectAttributes(attributes: StoredAttributes, names: readonly string[]): StoredAttributes {
  if (names.some((name) => name === 'All' || name === '.*')) return attributes;
  const selected: Record<string, StoredAttribute> = {};
  for (const [name, attribute] of Object.entries(attributes)) {
    const wanted = names.some((pattern) => (pattern.endsWith('.*') ? name.startsWith(pattern.slice(0, -1)) : name === pattern));
    if (wanted) selected[name] = attribute;
  }
  return selected;
}
