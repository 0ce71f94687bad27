/**
 * JSON Schema (draft 2020-12) as plain data (the generated schemas are JSON): the keywords the example
 * builder and the OpenAPI document read, typed; any other keyword passes through as it is. `items` is
 * one schema in 2020-12 (valibot's JsonSchema type has the draft-07 shape, hence casts to Schema).
 */
export interface Schema {
  type?: string | string[];
  properties?: Record<string, Schema | boolean>;
  required?: string[];
  items?: Schema | boolean;
  anyOf?: (Schema | boolean)[];
  oneOf?: (Schema | boolean)[];
  allOf?: (Schema | boolean)[];
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  examples?: unknown[];
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
  minLength?: number;
  maxLength?: number;
  format?: string;
  pattern?: string;
  $defs?: Record<string, Schema | boolean>;
  [keyword: string]: unknown;
}

/**
 * A value that a schema accepts, for request examples: the first example, enum value or default
 * when the schema gives one, else a placeholder of the right type within the stated bounds.
 */
export function exampleValue(schema: Schema | boolean | undefined, name = 'value', depth = 0): unknown {
  if (!schema || typeof schema !== 'object') return null;
  if (Array.isArray(schema.examples) && schema.examples.length) return schema.examples[0];
  if ('const' in schema) return schema.const;
  if (Array.isArray(schema.enum) && schema.enum.length) return schema.enum[0];
  if ('default' in schema) return schema.default;
  const options = schema.anyOf ?? schema.oneOf;
  if (Array.isArray(options)) {
    const first = options.find((option) => typeof option === 'boolean' || option?.type !== 'null') ?? options[0];
    return exampleValue(first, name, depth);
  }
  if (Array.isArray(schema.allOf) && schema.allOf.length) return exampleValue(Object.assign({}, ...schema.allOf) as Schema, name, depth);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'object':
      return depth > 4 ? {} : exampleObject(schema, depth + 1);
    case 'array': {
      const count = Math.max(1, schema.minItems ?? 1);
      return Array.from({ length: Math.min(count, 3) }, () => exampleValue(schema.items, singular(name), depth + 1));
    }
    case 'integer':
    case 'number':
      return exampleNumber(schema, type === 'integer');
    case 'boolean':
      return true;
    case 'null':
      return null;
    case 'string':
      return exampleString(schema, name);
    default:
      return null;
  }
}

/** Required properties only (what a call needs); an object with none required shows its first. */
export function exampleObject(schema: Schema, depth = 0): Record<string, unknown> {
  const properties: Record<string, Schema | boolean> = schema.properties ?? {};
  const required: string[] = Array.isArray(schema.required) ? schema.required : [];
  const out: Record<string, unknown> = {};
  for (const key of required) if (properties[key]) out[key] = exampleValue(properties[key], key, depth);
  if (!required.length && depth > 0) {
    const [first] = Object.keys(properties);
    if (first) out[first] = exampleValue(properties[first], first, depth);
  }
  return out;
}

function exampleNumber(schema: Schema, integer: boolean): number {
  const low = typeof schema.minimum === 'number' ? schema.minimum : typeof schema.exclusiveMinimum === 'number' ? schema.exclusiveMinimum + (integer ? 1 : 0.01) : undefined;
  const high = typeof schema.maximum === 'number' ? schema.maximum : typeof schema.exclusiveMaximum === 'number' ? schema.exclusiveMaximum - (integer ? 1 : 0.01) : undefined;
  let value = low ?? (high !== undefined ? Math.min(high, 10) : 10);
  if (low !== undefined && high !== undefined && high - low >= 10 && low < 10) value = Math.min(10, high);
  return integer ? Math.ceil(value) : value;
}

const FORMAT_EXAMPLES: Record<string, string> = {
  date: '2025-01-31',
  'date-time': '2025-01-31T12:00:00Z',
  time: '12:00:00',
  uri: 'https://www.example.com/landing',
  email: 'marketing@example.com',
  uuid: '3f1c9a52-8d2e-4b7a-9c1e-2a6f0d4b8e71',
  ipv4: '203.0.113.10',
  ipv6: '2001:db8::1',
};

/** Set while building an example whenever a value had to be made up (an id, a name, a URL). */
let placeholderUsed = false;

/**
 * The request example a tool documents: its own first `examples` entry when it declares one, else
 * the arguments built from the schema when they need no made-up value (only enums, consts,
 * defaults, bounded numbers and booleans); undefined otherwise. A published example must work as
 * it is against a fresh demo owner (test/e2e/examples.test.ts sends every one), and ids differ per
 * account, so a tool that needs an id publishes none unless it documents one that always works.
 */
export function documentedExample(schema: Schema, declared?: readonly Record<string, unknown>[]): Record<string, unknown> | undefined {
  if (declared?.length) return declared[0];
  placeholderUsed = false;
  const example = exampleObject(schema);
  // A cross-field rule (oneOf / anyOf of `required`) that the required fields alone do not meet.
  const unmet = ((schema.allOf ?? []) as Schema[]).some((rule) => {
    const options = (rule.oneOf ?? rule.anyOf) as Schema[] | undefined;
    return options?.every((option) => Array.isArray(option.required) && option.required.some((field: string) => !(field in example)));
  });
  return placeholderUsed || unmet ? undefined : example;
}

function exampleString(schema: Schema, name: string): string {
  if (typeof schema.format === 'string' && FORMAT_EXAMPLES[schema.format]) {
    // Every made-up value counts, dates too: a fixed day falls out of the data and the allowed range.
    placeholderUsed = true;
    return FORMAT_EXAMPLES[schema.format];
  }
  placeholderUsed = true;
  if (typeof schema.pattern === 'string' && /^\^?\\d[+*{]/.test(schema.pattern)) {
    return '1234567890'.slice(0, Math.max(schema.minLength ?? 1, Math.min(schema.maxLength ?? 10, 10)));
  }
  let value = /(^|_)(id|ids)$/.test(name) ? '1234567890' : `example ${name.replace(/_/g, ' ')}`;
  if (typeof schema.maxLength === 'number' && value.length > schema.maxLength) value = value.slice(0, schema.maxLength);
  if (typeof schema.minLength === 'number' && value.length < schema.minLength) value = value.padEnd(schema.minLength, 'x');
  return value;
}

function singular(name: string): string {
  return name.endsWith('ies') ? `${name.slice(0, -3)}y` : name.endsWith('s') ? name.slice(0, -1) : name;
}

/**
 * A value that differs per account (an id, a date relative to today, a link to a file) is written in
 * a documented example as a placeholder, `<campaign_id from list_campaigns>`: the field, and where a
 * caller takes it from. test/e2e/examples.test.ts resolves every placeholder on a fresh sandbox owner
 * (test/support/working-arguments.ts reads the ids from the list tools) and runs the example.
 */
const PLACEHOLDER = /^<([^<>]+)>$/;

/** The text of a placeholder (`campaign_id from list_campaigns`), or undefined for any other value. */
export function placeholderText(value: unknown): string | undefined {
  return typeof value === 'string' ? PLACEHOLDER.exec(value)?.[1] : undefined;
}

/** Every placeholder of an example, with its path (keys and array indexes). */
export function placeholdersIn(value: unknown, path: (string | number)[] = []): { path: (string | number)[]; text: string }[] {
  const text = placeholderText(value);
  if (text !== undefined) return [{ path, text }];
  if (Array.isArray(value)) return value.flatMap((item, index) => placeholdersIn(item, [...path, index]));
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([key, item]) => placeholdersIn(item, [...path, key]));
  return [];
}

/** The example with each placeholder replaced by `replace(path, text)`. */
export function fillPlaceholders(value: unknown, replace: (path: (string | number)[], text: string) => unknown, path: (string | number)[] = []): unknown {
  const text = placeholderText(value);
  if (text !== undefined) return replace(path, text);
  if (Array.isArray(value)) return value.map((item, index) => fillPlaceholders(item, replace, [...path, index]));
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, fillPlaceholders(item, replace, [...path, key])]));
  return value;
}

/** The schema of the value at `path` (the non-null branch of an anyOf / oneOf; `$defs` references resolved in `definitions`). */
function schemaAt(schema: Schema | boolean | undefined, path: (string | number)[], definitions: Record<string, Schema | boolean>): Schema | undefined {
  let node = resolve(schema, definitions);
  for (const step of path) {
    if (!node) return undefined;
    node = typeof step === 'number' ? resolve(node.items, definitions) : resolve(node.properties?.[step], definitions);
  }
  return node;
}

function resolve(schema: Schema | boolean | undefined, definitions: Record<string, Schema | boolean>): Schema | undefined {
  let node = schema;
  for (let i = 0; i < 8 && node && typeof node === 'object'; i++) {
    if (typeof node.$ref === 'string') node = definitions[node.$ref.replace(/^.*\//, '')];
    else if (Array.isArray(node.anyOf ?? node.oneOf)) node = ((node.anyOf ?? node.oneOf)!.find((o) => typeof o === 'object' && o.type !== 'null') ?? undefined) as Schema | undefined;
    else return node;
  }
  return typeof node === 'object' ? node : undefined;
}

/**
 * The example as the OpenAPI document publishes it: each placeholder replaced by a sample its field
 * accepts (a string matching the field's pattern, a date, a link), so that the document's example
 * validates against its schema; the request body's description says where the real values come from.
 */
export function sampledExample(example: Record<string, unknown>, schema: Schema, definitions: Record<string, Schema | boolean> = {}): Record<string, unknown> {
  let count = 0;
  // Each placeholder gets its own sample (a list of ids must not name one twice; an end date follows the start).
  return fillPlaceholders(example, (path) => sampleValue(schemaAt(schema, path, { ...(schema.$defs ?? {}), ...definitions }), (count++ % 9) + 1)) as Record<
    string,
    unknown
  >;
}

function sampleValue(schema: Schema | undefined, nth: number): unknown {
  if (schema?.type === 'integer' || schema?.type === 'number') return exampleNumber(schema, schema.type === 'integer');
  if (schema?.format === 'date') return `2025-02-1${nth}`;
  if (typeof schema?.format === 'string' && FORMAT_EXAMPLES[schema.format]) return FORMAT_EXAMPLES[schema.format];
  if (typeof schema?.pattern === 'string') return sampleOfPattern(schema.pattern, String(nth));
  return `${nth}234567890`;
}

/**
 * A string a simple regular expression accepts (literals, escapes, classes, groups with the first
 * alternative, quantifiers at their least count, at least one): enough for the id patterns tools use.
 */
export function sampleOfPattern(pattern: string, digit = '1'): string {
  let i = 0;
  const source = pattern.replace(/^\^/, '').replace(/\$$/, '');
  const sequence = (): string => {
    let out = '';
    while (i < source.length && source[i] !== ')' && source[i] !== '|') {
      let atom: () => string;
      const c = source[i]!;
      if (c === '(') {
        i++;
        if (source.startsWith('?:', i)) i += 2;
        const first = sequence();
        while (source[i] === '|') {
          i++;
          sequence();
        }
        i++;
        atom = () => first;
      } else if (c === '[') {
        const end = source.indexOf(']', i);
        const body = source.slice(i + 1, end);
        i = end + 1;
        const pick = /0-9|\\d/.test(body) ? digit : /a-z/.test(body) ? 'a' : /A-Z/.test(body) ? 'A' : body.replace(/\\/g, '')[0]!;
        atom = () => pick;
      } else if (c === '\\') {
        const next = source[i + 1]!;
        i += 2;
        const pick = next === 'd' ? digit : next === 'w' ? 'a' : next === 's' ? ' ' : next;
        atom = () => pick;
      } else {
        i++;
        atom = () => (c === '.' ? 'a' : c);
      }
      let count = 1;
      const q = source[i];
      if (q === '?' || q === '*') {
        count = 0;
        i++;
      } else if (q === '+') i++;
      else if (q === '{') {
        const end = source.indexOf('}', i);
        count = Number(source.slice(i + 1, end).split(',')[0]);
        i = end + 1;
      }
      for (let n = 0; n < count; n++) out += atom();
    }
    return out;
  };
  return sequence();
}
