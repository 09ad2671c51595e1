/**
 * Stripe's v1 API takes application/x-www-form-urlencoded bodies with qs-style nesting: the official SDK
 * writes `line_items[0][price_data][unit_amount]=100` and `metadata[promotionId]=p1` (brackets left
 * unencoded; other clients encode them as %5B %5D, which URLSearchParams decodes alike). This turns such a
 * body into plain objects and arrays, and refuses what Stripe itself cannot read (a key that is both a value
 * and an object, array indices with holes) instead of guessing.
 */

export type FormValue = string | FormObject | FormValue[];
export interface FormObject {
  [key: string]: FormValue;
}

export class FormBodyError extends Error {
  constructor(
    message: string,
    readonly param: string,
  ) {
    super(message);
  }
}

/** `a[b][0][c]` -> ['a', 'b', '0', 'c']; refuses unbalanced brackets. */
function segmentsOf(key: string): string[] {
  const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(key);
  if (!match) throw new FormBodyError(`Invalid parameter name: ${key}`, key);
  const rest = [...match[2]!.matchAll(/\[([^[\]]*)\]/g)].map((part) => part[1]!);
  return [match[1]!, ...rest];
}

const isIndex = (segment: string) => /^(0|[1-9]\d{0,3})$/.test(segment);

/**
 * Parses a form body into nested objects. Numeric segments (`[0]`) build arrays, `[]` appends, as qs reads
 * them; a repeated plain key keeps its last value, as Stripe does.
 */
export function parseFormBody(body: string): FormObject {
  // Objects only while parsing: indexed keys are gathered by index, then turned into dense arrays below.
  const root: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
  for (const [key, value] of new URLSearchParams(body)) {
    const segments = segmentsOf(key);
    let node = root;
    for (let i = 0; i < segments.length - 1; i += 1) {
      let segment = segments[i]!;
      if (segment === '') segment = String(Object.keys(node).length);
      const existing = node[segment];
      if (typeof existing === 'string') throw new FormBodyError(`Invalid parameter: ${key} (${segments.slice(0, i + 1).join('.')} is already a value)`, key);
      if (existing === undefined) node[segment] = Object.create(null) as Record<string, unknown>;
      node = node[segment] as Record<string, unknown>;
    }
    let last = segments[segments.length - 1]!;
    if (last === '') last = String(Object.keys(node).length);
    if (typeof node[last] === 'object') throw new FormBodyError(`Invalid parameter: ${key} (it already holds an object)`, key);
    node[last] = value;
  }
  return densify(root, '') as FormObject;
}

/** Objects whose keys are all indices become arrays; indices must run 0..n-1 (Stripe refuses gaps too). */
function densify(value: unknown, path: string): FormValue {
  if (typeof value === 'string') return value;
  const object = value as Record<string, unknown>;
  const keys = Object.keys(object);
  const name = (key: string) => (path ? `${path}[${key}]` : key);
  if (path && keys.length > 0 && keys.every(isIndex)) {
    const indices = keys.map(Number).sort((a, b) => a - b);
    indices.forEach((index, position) => {
      if (index !== position) throw new FormBodyError(`Invalid array: ${path} has no element ${position}`, path);
    });
    return indices.map((index) => densify(object[String(index)], name(String(index))));
  }
  // fromEntries defines own properties: a key such as __proto__ stays data and never becomes a prototype.
  return Object.fromEntries(keys.map((key) => [key, densify(object[key], name(key))])) as FormObject;
}
