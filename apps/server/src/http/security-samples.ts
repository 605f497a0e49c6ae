import { z } from 'zod';

// Request values generated from a route's zod schemas, for the security tests: a valid sample
// (so a request gets past validation and reaches the guard or the lookup), and the route's
// top-level fields, to break one at a time.

export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema | JsonSchema[];
  prefixItems?: JsonSchema[];
  minItems?: number;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  pattern?: string;
  format?: string;
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  additionalProperties?: boolean | JsonSchema;
  $ref?: string;
  $defs?: Record<string, JsonSchema>;
};

const isZod = (value: unknown): value is z.ZodType =>
  typeof value === 'object' && value !== null && '_zod' in value;

/** The JSON Schema of what a client sends (zod input side); null when the route declares none. */
export function inputSchemaOf(schema: unknown): JsonSchema | null {
  if (!isZod(schema)) return null;
  try {
    return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any', reused: 'inline' }) as JsonSchema;
  } catch {
    return null;
  }
}

/**
 * Named values to prefer over generated ones (a tenant's real ids, keyed by field name): the
 * `pick`-th of those that fit the field's schema is used, a generated value when none fits.
 */
export interface ValueBag {
  values: ReadonlyMap<string, readonly unknown[]>;
  pick: number;
}

const EMPTY_BAG: ValueBag = { values: new Map(), pick: 0 };

/** Does the value fit the schema's type and the checks a JSON Schema can state? */
export function fits(schema: JsonSchema, value: unknown): boolean {
  if (schema.enum) return schema.enum.includes(value);
  if (schema.const !== undefined) return schema.const === value;
  const branch = schema.anyOf ?? schema.oneOf;
  if (branch) return branch.some((b) => fits(b, value));
  const types = typesOf(schema);
  if (types.length === 0) return true;
  if (typeof value === 'string' && types.includes('string')) {
    if (schema.format === 'uuid' && !/^[0-9a-f-]{36}$/i.test(value)) return false;
    if (schema.format === 'email' && !value.includes('@')) return false;
    if (schema.pattern && !safeRegExp(schema.pattern)?.test(value)) return false;
    return value.length >= (schema.minLength ?? 0) && value.length <= (schema.maxLength ?? Infinity);
  }
  if (typeof value === 'number') {
    if (!types.includes('number') && !(types.includes('integer') && Number.isInteger(value))) return false;
    return value >= (schema.minimum ?? -Infinity) && value <= (schema.maximum ?? Infinity);
  }
  return false;
}

function fromBag(schema: JsonSchema, bag: ValueBag, name: string): unknown[] | undefined {
  const direct = bag.values.get(name);
  // `groupIds` takes the tenant's `groupId` values as a one-element list.
  const singular = name.endsWith('s') ? bag.values.get(name.slice(0, -1)) : undefined;
  const types = typesOf(schema);
  if (types.includes('array') && !direct && singular) {
    const item = (Array.isArray(schema.items) ? schema.items[0] : schema.items) ?? {};
    const ok = singular.map((v) => coerceTo(item, v)).filter((v) => fits(item, v));
    return ok.length > 0 ? ok.map((v) => [v]) : undefined;
  }
  if (!direct) return undefined;
  const ok = direct.map((v) => coerceTo(schema, v)).filter((v) => fits(schema, v));
  return ok.length > 0 ? ok : undefined;
}

const STRING_CANDIDATES = [
  'sample',
  '0',
  'https://example.com/hook',
  'sample@example.com',
  'a',
  '1',
  '12345678',
  'Sample1234',
  '#03b49b',
  '+14155550100',
  '2024-01-01',
  '00000000-0000-4000-8000-000000000000',
  'example.com',
  'a1',
];

/** How a sample varies: which string candidate to try first, which optional fields to add. */
export interface Variant {
  strings: number;
  optional: 'none' | 'all' | number;
}

function sampleString(s: JsonSchema, variant: Variant): string {
  if (s.format === 'email') return 'sample@example.com';
  if (s.format === 'uuid') return '00000000-0000-4000-8000-000000000000';
  if (s.format === 'uri' || s.format === 'url') return 'https://example.com/hook';
  if (s.format === 'date-time') return '2024-01-01T00:00:00.000Z';
  if (s.format === 'date') return '2024-01-01';
  const ok = STRING_CANDIDATES.filter((v) => fits({ ...s, type: 'string' }, v));
  if (ok.length > 0) return ok[variant.strings % ok.length]!;
  return 'a'.repeat(Math.max(1, Math.min(s.minLength ?? 1, 64)));
}

function safeRegExp(pattern: string): RegExp | null {
  try {
    return new RegExp(pattern);
  } catch {
    return null;
  }
}

function typesOf(s: JsonSchema): string[] {
  if (Array.isArray(s.type)) return s.type;
  if (s.type) return [s.type];
  if (s.properties) return ['object'];
  return [];
}

/** A value for `schema` as far as a JSON Schema can say; `sampleFor` checks it against zod. */
export function validSample(
  schema: JsonSchema,
  bag: ValueBag = EMPTY_BAG,
  name = '',
  depth = 0,
  variant: Variant = { strings: 0, optional: 'none' },
): unknown {
  if (depth > 8) return null;
  const known = name ? fromBag(schema, bag, name) : undefined;
  if (known) return known[Math.min(bag.pick, known.length - 1)];
  if (schema.const !== undefined) return schema.const;
  if (schema.default !== undefined) return schema.default;
  if (schema.enum && schema.enum.length > 0) return schema.enum[variant.strings % schema.enum.length];
  const branch = schema.anyOf ?? schema.oneOf;
  if (branch && branch.length > 0) {
    const nonNull = branch.find((b) => !typesOf(b).includes('null')) ?? branch[0]!;
    return validSample(nonNull, bag, name, depth + 1, variant);
  }
  if (schema.allOf && schema.allOf.length > 0) {
    return validSample(Object.assign({}, ...schema.allOf) as JsonSchema, bag, name, depth + 1, variant);
  }
  const type = typesOf(schema).find((t) => t !== 'null');
  switch (type) {
    case 'object': {
      // Required fields and known ids; optional ones as the variant says (only at the top level).
      const out: Record<string, unknown> = {};
      Object.entries(schema.properties ?? {}).forEach(([key, sub], index) => {
        const required = schema.required?.includes(key) ?? false;
        const optional = depth === 0 && (variant.optional === 'all' || variant.optional === index);
        if (required || optional || fromBag(sub, bag, key)) {
          out[key] = validSample(sub, bag, key, depth + 1, variant);
        }
      });
      return out;
    }
    case 'array': {
      const item = Array.isArray(schema.items) ? schema.items[0] : schema.items;
      const count = Math.max(1, schema.minItems ?? 1);
      return Array.from({ length: count }, () => validSample(item ?? {}, bag, name, depth + 1, variant));
    }
    case 'string':
      return sampleString(schema, variant);
    case 'integer':
      return Math.max(1, Math.ceil(schema.minimum ?? (schema.exclusiveMinimum ?? 0) + 1));
    case 'number':
      return Math.max(1, schema.minimum ?? (schema.exclusiveMinimum ?? 0) + 1);
    case 'boolean':
      return true;
    default:
      return variant.strings % 2 === 0 ? 'sample' : 1;
  }
}

/**
 * A value the route's zod schema accepts, found by trying variants (string candidates, optional
 * fields) against the schema itself; `asQuery` tries it the way a query string arrives.
 * Returns the last attempt when none passes (the route then answers 400, which tests allow).
 */
export function sampleFor(zodSchema: unknown, bag: ValueBag = EMPTY_BAG, asQuery = false): unknown {
  const json = inputSchemaOf(zodSchema);
  if (!json || !isZod(zodSchema)) return undefined;
  const fieldCount = Object.keys(json.properties ?? {}).length;
  const optionals: Variant['optional'][] = [
    'none',
    ...Array.from({ length: fieldCount }, (_, i) => i),
    'all',
  ];
  let last: unknown;
  for (const optional of optionals) {
    for (let strings = 0; strings < STRING_CANDIDATES.length; strings++) {
      const value = validSample(json, bag, '', 0, { strings, optional });
      last = asQuery ? toQuery(value) : value;
      if (zodSchema.safeParse(last).success) return last;
    }
  }
  return last;
}

function coerceTo(schema: JsonSchema, value: unknown): unknown {
  const types = typesOf(schema.anyOf?.find((b) => !typesOf(b).includes('null')) ?? schema);
  if ((types.includes('integer') || types.includes('number')) && typeof value === 'string') {
    const n = Number(value);
    return Number.isFinite(n) ? n : value;
  }
  if (types.includes('string') && typeof value === 'number') return String(value);
  return value;
}

/** The top-level fields of an object schema (what hostile inputs replace one at a time). */
export function fieldsOf(schema: JsonSchema | null): { name: string; schema: JsonSchema }[] {
  if (!schema) return [];
  const objectLike =
    schema.anyOf?.find((b) => b.properties) ?? schema.allOf?.find((b) => b.properties) ?? schema;
  return Object.entries(objectLike.properties ?? {}).map(([name, s]) => ({ name, schema: s }));
}

/** Query strings carry text: numbers and booleans as strings, arrays as repeated keys. */
export function toQuery(value: unknown): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  if (typeof value !== 'object' || value === null) return out;
  for (const [k, v] of Object.entries(value)) {
    if (v === undefined || v === null) continue;
    out[k] = Array.isArray(v) ? v.map((x) => stringify(x)) : stringify(v);
  }
  return out;
}

const stringify = (v: unknown) => (typeof v === 'object' ? JSON.stringify(v) : String(v));

/** The URL with its `:params` (and `*`) filled in from `params`. */
export function fillPath(url: string, params: Record<string, unknown>): string {
  return url
    .replace(/:([A-Za-z0-9_]+)(\([^)]*\))?/g, (_m, name: string) =>
      encodeURIComponent(String(params[name] ?? 'x')),
    )
    .replace(/\*$/, 'x');
}

/** Every string and number under `value`, keyed by the property that holds it (ids to reuse). */
export function harvest(value: unknown, into: Map<string, unknown[]>, key = '', depth = 0): void {
  if (depth > 12 || value === null || value === undefined) return;
  if (Array.isArray(value)) {
    for (const v of value) harvest(v, into, key, depth + 1);
    return;
  }
  if (typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) harvest(v, into, k, depth + 1);
    return;
  }
  if (!key || (typeof value !== 'string' && typeof value !== 'number')) return;
  const list = into.get(key) ?? [];
  if (!list.includes(value) && list.length < 8) list.push(value);
  into.set(key, list);
}
