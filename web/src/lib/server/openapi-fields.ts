// The fields of a request or response body, read from the OpenAPI document's JSON Schemas, as rows the API
// reference page lists: a dotted path (`items[].security.status`), its type, whether it is required, and its
// allowed values and limits. $refs into components.schemas are followed; nesting and rows are bounded so a
// deep result (a lint result's tools and categories) stays a readable table. An object that several bodies
// share (the same JSON Schema in two places or more, with at least MIN_SHAPE_ROWS fields: a server, a lint
// result) is a shape (`sharedShapes`): listed once on its own, and a field of that shape is one row linking
// to it instead of its fields again under every path.

/** One field of a body. */
export interface FieldRow {
  /** Dotted path: `server.id`, `items[].rank`, `categories.{key}`. */
  name: string;
  /** `string`, `number`, `object`, `array of string`, `string | null`, `one of 3` … */
  type: string;
  required: boolean;
  /** Allowed values, limits and defaults in a few words (`url | npm | upload`, `≤ 100 characters`). */
  notes: string;
  description: string;
  /** The shared shape this field's object (or array's item) is, when it is one: its fields are listed there. */
  shape?: Shape;
}

/** An object several bodies share, listed once: `id` is its anchor on the page, `name` the field it was first seen as. */
export interface Shape {
  id: string;
  name: string;
}

/** The fewest fields an object needs to be listed as a shared shape (smaller ones are cheaper inline). */
export const MIN_SHAPE_ROWS = 4;

type Schema = Record<string, unknown>;
const isSchema = (v: unknown): v is Schema => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Deepest nesting listed, and most rows per body (the rest is said to exist). */
export const MAX_DEPTH = 4;
export const MAX_ROWS = 60;

/** The schema a $ref names in the document's components (or the schema itself). */
function resolve(schema: unknown, components: Schema, seen = 0): Schema {
  if (!isSchema(schema)) return {};
  const ref = schema.$ref;
  if (typeof ref === 'string' && ref.startsWith('#/components/schemas/') && seen < 10) {
    const target = (components.schemas as Schema | undefined)?.[ref.slice('#/components/schemas/'.length)];
    return resolve(target, components, seen + 1);
  }
  return schema;
}

/** The schema without a `null` alternative, and whether it had one. */
function unNull(schema: Schema, components: Schema): { schema: Schema; nullable: boolean } {
  for (const key of ['anyOf', 'oneOf'] as const) {
    const alts = schema[key];
    if (Array.isArray(alts)) {
      const rest = alts.map((a) => resolve(a, components)).filter((a) => a.type !== 'null');
      if (rest.length === 1 && rest.length < alts.length) return { schema: rest[0]!, nullable: true };
    }
  }
  if (Array.isArray(schema.type) && schema.type.includes('null')) {
    const types = schema.type.filter((t) => t !== 'null');
    return { schema: { ...schema, type: types.length === 1 ? types[0] : types }, nullable: true };
  }
  return { schema, nullable: false };
}

function typeOf(schema: Schema, components: Schema): string {
  if (Array.isArray(schema.oneOf) || Array.isArray(schema.anyOf)) return `one of ${((schema.oneOf ?? schema.anyOf) as unknown[]).length}`;
  if (schema.type === 'array') {
    const item = unNull(resolve(schema.items, components), components).schema;
    return `array of ${typeOf(item, components)}`;
  }
  if (Array.isArray(schema.type)) return schema.type.join(' | ');
  if (typeof schema.type === 'string') return schema.type;
  return isSchema(schema.properties) ? 'object' : 'any';
}

function notesOf(schema: Schema): string {
  const notes: string[] = [];
  if (Array.isArray(schema.enum)) notes.push(schema.enum.map(String).join(' | '));
  if (typeof schema.minLength === 'number' && typeof schema.maxLength === 'number') notes.push(`${schema.minLength}–${schema.maxLength} characters`);
  else if (typeof schema.maxLength === 'number') notes.push(`≤ ${schema.maxLength} characters`);
  if (typeof schema.minimum === 'number' && typeof schema.maximum === 'number') notes.push(`${schema.minimum}–${schema.maximum}`);
  if (schema.format === 'uri') notes.push('http(s) URL');
  if (schema.format === 'uuid') notes.push('UUID');
  if (schema.format === 'date-time') notes.push('date-time');
  if (schema.default !== undefined) notes.push(`default ${JSON.stringify(schema.default)}`);
  return notes.join('; ');
}

/** What identifies an object schema as a shape: its JSON (two fields with the same text are the same shape). */
const shapeKey = (schema: Schema): string | null => (isSchema(schema.properties) && Object.keys(schema.properties).length > 0 ? JSON.stringify(schema) : null);

/** The object a field holds: the field's own schema, or an array's item. */
function objectOf(field: Schema, components: Schema): Schema {
  return field.type === 'array' ? unNull(resolve(field.items, components), components).schema : field;
}

/**
 * The objects that occur twice or more across `roots` (every body and answer of the document, at any
 * depth) with at least MIN_SHAPE_ROWS fields, each with the schema to list it from: keyed by `shapeKey`.
 */
export function sharedShapes(roots: readonly unknown[], components: Schema): Map<string, Shape & { schema: Schema }> {
  const seen = new Map<string, { count: number; name: string; schema: Schema }>();
  const visit = (raw: unknown, name: string, depth: number) => {
    if (depth > 12) return;
    const { schema } = unNull(resolve(raw, components), components);
    const alternatives = (schema.oneOf ?? schema.anyOf) as unknown[] | undefined;
    const objects = Array.isArray(alternatives) ? alternatives.map((a) => unNull(resolve(a, components), components).schema) : [schema];
    for (const object of objects) {
      const key = shapeKey(object);
      if (key !== null && depth > 0) {
        const entry = seen.get(key);
        if (entry) {
          entry.count += 1;
          continue; // its inside is counted once: a shape inside a shape is shared only if it also occurs elsewhere
        }
        seen.set(key, { count: 1, name, schema: object });
      }
      for (const [k, v] of Object.entries(isSchema(object.properties) ? object.properties : {})) {
        const field = unNull(resolve(v, components), components).schema;
        visit(field.type === 'array' ? field.items : field, k, depth + 1);
      }
      if (isSchema(object.additionalProperties)) visit(object.additionalProperties, `${name} value`, depth + 1);
    }
  };
  for (const root of roots) visit(root, '', 0);
  const shapes = new Map<string, Shape & { schema: Schema }>();
  const ids = new Set<string>();
  for (const [key, { count, name, schema }] of seen) {
    if (count < 2 || fieldsOf(schema, components).rows.length < MIN_SHAPE_ROWS) continue;
    const base = `shape-${name.replace(/[^a-zA-Z0-9]+/g, '-').replace(/^-|-$/g, '') || 'object'}`;
    let id = base;
    for (let n = 2; ids.has(id); n++) id = `${base}-${n}`;
    ids.add(id);
    shapes.set(key, { id, name: id === base ? name : `${name} (${id.slice(base.length + 1)})`, schema });
  }
  return shapes;
}

/**
 * Every field of a body schema, depth first, at most MAX_ROWS (`truncated` says when more were left out).
 * A field whose object is one of `shapes` is one row naming the shape; its fields are not listed again.
 */
export function fieldsOf(root: unknown, components: Schema, shapes: ReadonlyMap<string, Shape> = new Map()): { rows: FieldRow[]; truncated: boolean } {
  const rows: FieldRow[] = [];
  let truncated = false;
  const walk = (raw: unknown, prefix: string, depth: number) => {
    const { schema } = unNull(resolve(raw, components), components);
    if (depth > MAX_DEPTH) return;
    // An object's properties; the variants of a union (their fields under the same path, each once).
    const objects: Schema[] = [];
    const alternatives = (schema.oneOf ?? schema.anyOf) as unknown[] | undefined;
    if (Array.isArray(alternatives)) objects.push(...alternatives.map((a) => resolve(a, components)));
    else objects.push(schema);
    for (const object of objects) {
      const props = isSchema(object.properties) ? object.properties : null;
      const required = new Set(Array.isArray(object.required) ? object.required.map(String) : []);
      for (const [key, value] of Object.entries(props ?? {})) {
        const name = prefix ? `${prefix}.${key}` : key;
        const seen = rows.find((r) => r.name === name);
        if (seen) {
          // The same field in another variant of a union: its values join the first one's (`url | npm`).
          const notes = notesOf(unNull(resolve(value, components), components).schema);
          if (notes && !seen.notes.split(' | ').includes(notes)) seen.notes = seen.notes ? `${seen.notes} | ${notes}` : notes;
          continue;
        }
        if (rows.length >= MAX_ROWS) {
          truncated = true;
          return;
        }
        const { schema: field, nullable } = unNull(resolve(value, components), components);
        const objectKey = shapeKey(objectOf(field, components));
        const shape = objectKey === null ? undefined : shapes.get(objectKey);
        rows.push({
          name,
          type: `${typeOf(field, components)}${nullable ? ' | null' : ''}`,
          required: required.has(key),
          notes: notesOf(field),
          description: typeof field.description === 'string' ? field.description : '',
          ...(shape ? { shape: { id: shape.id, name: shape.name } } : {}),
        });
        if (shape) continue;
        if (field.type === 'array') walk(field.items, `${name}[]`, depth + 1);
        else walk(field, name, depth + 1);
      }
      if (isSchema(object.additionalProperties) && !props) {
        const name = prefix ? `${prefix}.{key}` : '{key}';
        const field = unNull(resolve(object.additionalProperties, components), components).schema;
        if (!rows.some((r) => r.name === name) && rows.length < MAX_ROWS) {
          const objectKey = shapeKey(objectOf(field, components));
          const shape = objectKey === null ? undefined : shapes.get(objectKey);
          rows.push({ name, type: typeOf(field, components), required: false, notes: notesOf(field), description: '', ...(shape ? { shape: { id: shape.id, name: shape.name } } : {}) });
          if (!shape) walk(field, name, depth + 1);
        }
      }
    }
  };
  walk(root, '', 0);
  return { rows, truncated };
}
