/**
 * Just enough JSON Schema for structured outputs and tool arguments: the subset zod's toJSONSchema and the
 * openai SDK's zodResponseFormat / zodFunction produce (objects with properties, required and
 * additionalProperties false; strings, numbers, integers, booleans, enums and consts; arrays with minItems;
 * nullable types and anyOf with null; $ref into definitions/$defs).
 *
 * Two uses: `structuredReply` writes the coach's reply into a value that validates against a response
 * format's schema, and `fitToSchema` shapes tool-call arguments to the app's declared parameters (strict
 * tools need every property present, enums spelled the app's way).
 */

export type JsonSchema = { readonly [keyword: string]: unknown };

const isRecord = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);
const asSchema = (value: unknown): JsonSchema => (isRecord(value) ? value : {});

/** Follows `$ref: '#/definitions/x'` (or `#/$defs/x`) within the root; a ref it cannot follow reads as `{}`. */
function resolve(schema: JsonSchema, root: JsonSchema, depth = 0): JsonSchema {
  const ref = schema.$ref;
  if (typeof ref !== 'string' || depth > 32) return schema;
  if (ref === '#') return resolve(root, root, depth + 1);
  if (!ref.startsWith('#/')) return {};
  let target: unknown = root;
  for (const token of ref.slice(2).split('/')) {
    const key = decodeURIComponent(token).replace(/~1/g, '/').replace(/~0/g, '~');
    target = isRecord(target) ? target[key] : undefined;
  }
  return resolve(asSchema(target), root, depth + 1);
}

/** The alternatives a schema allows: its anyOf/oneOf branches, or itself. */
const branchesOf = (schema: JsonSchema, root: JsonSchema): JsonSchema[] => {
  const options = Array.isArray(schema.anyOf) ? schema.anyOf : Array.isArray(schema.oneOf) ? schema.oneOf : undefined;
  return options ? options.flatMap((option) => branchesOf(resolve(asSchema(option), root), root)) : [schema];
};

function typesOf(schema: JsonSchema): string[] {
  if (typeof schema.type === 'string') return [schema.type];
  if (Array.isArray(schema.type)) return schema.type.filter((type): type is string => typeof type === 'string');
  if (isRecord(schema.properties)) return ['object'];
  if (schema.items !== undefined) return ['array'];
  return [];
}

const allowsNull = (schema: JsonSchema, root: JsonSchema) =>
  branchesOf(schema, root).some((branch) => typesOf(branch).includes('null') || branch.const === null || (Array.isArray(branch.enum) && branch.enum.includes(null)));

/** A free-text string (not an enum or const), the kind of place a reply can go; nullable ones only if allowed. */
const takesText = (schema: JsonSchema, root: JsonSchema, nullable = true) =>
  (nullable || !allowsNull(resolve(schema, root), root)) &&
  branchesOf(resolve(schema, root), root).some((branch) => typesOf(branch).includes('string') && branch.enum === undefined && branch.const === undefined);

const requiredOf = (schema: JsonSchema): string[] => (Array.isArray(schema.required) ? schema.required.filter((key): key is string => typeof key === 'string') : []);
const propertiesOf = (schema: JsonSchema): Record<string, JsonSchema> =>
  isRecord(schema.properties) ? Object.fromEntries(Object.entries(schema.properties).map(([key, value]) => [key, asSchema(value)])) : {};

const numberOf = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : undefined);

/**
 * 0 when the schema allows it, else the allowed value nearest to 0 (a minimum, just above an exclusive one).
 * zod writes `.int()` as the safe-integer range, so "has a minimum" alone does not mean "use it".
 */
function plainNumber(schema: JsonSchema, integer: boolean): number {
  const step = integer ? 1 : 0.1;
  const exclusiveMinimum = numberOf(schema.exclusiveMinimum);
  const exclusiveMaximum = numberOf(schema.exclusiveMaximum);
  const lower = Math.max(numberOf(schema.minimum) ?? -Infinity, exclusiveMinimum !== undefined ? exclusiveMinimum + step : -Infinity);
  const upper = Math.min(numberOf(schema.maximum) ?? Infinity, exclusiveMaximum !== undefined ? exclusiveMaximum - step : Infinity);
  let value = Math.min(Math.max(0, lower), upper);
  if (integer) value = value > 0 ? Math.ceil(value) : Math.floor(value);
  const multiple = numberOf(schema.multipleOf);
  return multiple ? Math.ceil(value / multiple) * multiple : value;
}

/**
 * The plainest value the schema accepts: null where null is allowed, the first enum value, 0 (or the minimum),
 * false, '' (padded to minLength), an array of minItems plain items, an object of its required properties.
 */
export function plainValue(schema: JsonSchema, root: JsonSchema = schema, depth = 0): unknown {
  const resolved = resolve(schema, root);
  if (depth > 16) return null;
  if ('const' in resolved) return resolved.const;
  if (Array.isArray(resolved.enum) && resolved.enum.length > 0) return resolved.enum[0];
  if (allowsNull(resolved, root)) return null;
  const branches = branchesOf(resolved, root);
  if (branches.length > 1 || branches[0] !== resolved) return plainValue(branches[0]!, root, depth + 1);
  const type = typesOf(resolved).find((candidate) => candidate !== 'null');
  switch (type) {
    case 'object': {
      const properties = propertiesOf(resolved);
      return Object.fromEntries(requiredOf(resolved).map((key) => [key, plainValue(properties[key] ?? {}, root, depth + 1)]));
    }
    case 'array': {
      const count = numberOf(resolved.minItems) ?? 0;
      return Array.from({ length: count }, () => plainValue(asSchema(resolved.items), root, depth + 1));
    }
    case 'string':
      return '-'.repeat(numberOf(resolved.minLength) ?? 0);
    case 'integer':
      return plainNumber(resolved, true);
    case 'number':
      return plainNumber(resolved, false);
    case 'boolean':
      return false;
    default:
      return null;
  }
}

/** Property names a reply goes into, best first; failing these, the first required free-text property. */
const REPLY_KEYS = ['reply', 'message', 'text', 'answer', 'response', 'content'];

/**
 * The path (property names from the root) of the string that should hold the reply, if there is one: a
 * reply-named property, else the first required string, else the same inside required objects; a nullable
 * string (an optional field in strict mode) only when there is nothing else.
 */
function replyPath(schema: JsonSchema, root: JsonSchema, nullable = false, depth = 0): string[] | undefined {
  const resolved = resolve(schema, root);
  if (depth > 8) return nullable ? undefined : replyPath(schema, root, true);
  const objectBranch = branchesOf(resolved, root).find((branch) => typesOf(branch).includes('object'));
  if (!objectBranch) return undefined;
  const properties = propertiesOf(objectBranch);
  const required = requiredOf(objectBranch);
  const named = REPLY_KEYS.find((key) => properties[key] && takesText(properties[key], root, nullable));
  if (named) return [named];
  const firstRequiredText = required.find((key) => properties[key] && takesText(properties[key], root, nullable));
  if (firstRequiredText) return [firstRequiredText];
  for (const key of required) {
    const inner = properties[key] ? replyPath(properties[key], root, nullable, depth + 1) : undefined;
    if (inner) return [key, ...inner];
  }
  return depth === 0 && !nullable ? replyPath(schema, root, true) : undefined;
}

/**
 * A value that validates against the schema, with `reply` in its reply property (a string schema gets the
 * reply itself). Objects along the way are built, not left null, so the reply has somewhere to go.
 */
export function structuredReply(schema: JsonSchema, reply: string): unknown {
  const root = schema;
  if (takesText(root, root) && !typesOf(resolve(root, root)).includes('object')) return clip(reply, resolve(root, root));
  const path = replyPath(root, root);
  if (!path) return plainValue(root);
  const build = (current: JsonSchema, remaining: readonly string[]): unknown => {
    if (remaining.length === 0) {
      const textBranch = branchesOf(resolve(current, root), root).find((branch) => typesOf(branch).includes('string')) ?? {};
      return clip(reply, textBranch);
    }
    const objectBranch = branchesOf(resolve(current, root), root).find((branch) => typesOf(branch).includes('object')) ?? {};
    const properties = propertiesOf(objectBranch);
    // The object itself even where null is allowed ({ type: ['object', 'null'] }): the reply goes inside.
    const value: Record<string, unknown> = Object.fromEntries(requiredOf(objectBranch).map((key) => [key, plainValue(properties[key] ?? {}, root)]));
    const [key, ...rest] = remaining;
    value[key!] = build(properties[key!] ?? {}, rest);
    return value;
  };
  return build(root, path);
}

const clip = (text: string, schema: JsonSchema) => {
  const max = numberOf(schema.maxLength);
  const min = numberOf(schema.minLength) ?? 0;
  const clipped = max !== undefined ? text.slice(0, max) : text;
  return clipped.padEnd(min, '.');
};

/**
 * Tool arguments shaped to the function's declared parameters: properties it does not declare are dropped
 * when it forbids extras, required ones the text did not give are filled (null where allowed), enum values
 * take the app's spelling ('sat' -> 'Saturday'), integers are rounded.
 */
export function fitToSchema(value: unknown, schema: JsonSchema, root: JsonSchema = schema): unknown {
  const resolved = resolve(schema, root);
  const branches = branchesOf(resolved, root);
  if (value === null || value === undefined) return value;
  if (Array.isArray(resolved.enum) && typeof value === 'string') return enumSpelling(value, resolved.enum);
  const matching = branches.find((branch) => {
    const types = typesOf(branch);
    if (Array.isArray(value)) return types.includes('array');
    if (isRecord(value)) return types.includes('object');
    if (typeof value === 'number') return types.includes('number') || types.includes('integer');
    return Array.isArray(branch.enum) || types.includes(typeof value);
  });
  if (!matching) return value;
  if (matching !== resolved) return fitToSchema(value, matching, root);
  if (Array.isArray(value)) return value.map((item) => fitToSchema(item, asSchema(resolved.items), root));
  if (typeof value === 'number') return typesOf(resolved).includes('integer') && !typesOf(resolved).includes('number') ? Math.round(value) : value;
  if (!isRecord(value)) return value;
  const properties = propertiesOf(resolved);
  const closed = resolved.additionalProperties === false;
  const fitted: Record<string, unknown> = {};
  for (const [key, entry] of Object.entries(value)) {
    if (entry === undefined) continue;
    if (properties[key]) fitted[key] = fitToSchema(entry, properties[key], root);
    else if (!closed) fitted[key] = entry;
  }
  for (const key of requiredOf(resolved)) {
    if (!(key in fitted)) fitted[key] = plainValue(properties[key] ?? {}, root);
  }
  return fitted;
}

function enumSpelling(value: string, options: readonly unknown[]): unknown {
  const lower = value.toLowerCase();
  const strings = options.filter((option): option is string => typeof option === 'string');
  return (
    strings.find((option) => option === value) ??
    strings.find((option) => option.toLowerCase() === lower) ??
    strings.find((option) => option.toLowerCase().startsWith(lower.slice(0, 3)) && lower.startsWith(option.toLowerCase().slice(0, 3))) ??
    value
  );
}
