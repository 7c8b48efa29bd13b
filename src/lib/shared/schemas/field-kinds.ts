/**
 * What each field of a document is, declared once where the field is defined (docs/style.md 16,
 * docs/decisions/018-field-kinds.md), and the walk that finds the fields of a kind in a schema and
 * in a value of it. The upload-ownership check (every `image`), the server's sanitiser (every
 * `richText`), the editor's unsaved-change comparison and the list of translatable fields all come
 * from this walk, so a field declared once is covered everywhere and no list has to be kept by hand.
 */
import { z } from 'zod';

/**
 * - `image`: an uploaded image (`/media/…`); the host must own it (docs/security.md 30).
 * - `richText`: HTML from the editor; the server sanitises it (docs/security.md 16).
 * - `link`: an absolute link a guest may follow.
 * - `secret`: what a gated guidebook keeps from guests (door code, Wi-Fi password, PIN).
 * - `plain`: anything else (text, numbers, choices).
 */
export const FIELD_KINDS = ['image', 'richText', 'link', 'plain', 'secret'] as const;
export type FieldKind = (typeof FIELD_KINDS)[number];

/**
 * How a message names a field: a fixed name ("The cover photo"), or, for a field of a list's item,
 * a name from the item's place in the list, counted from 1 ("The image of check-in step 2").
 */
export type FieldName = string | ((position: number) => string);

/**
 * A secret is never translatable: a door code reads the same in every language. `label` is how the
 * translations name a translatable field to a host ("Check-in step 2 title", docs/decisions/021).
 * `byHand`: a translatable field no machine drafts (a place's name: a proper name the host may
 * still write another way by hand).
 */
export type FieldDeclaration =
  | { kind: 'secret'; translatable: false; name?: FieldName; label?: undefined; byHand?: undefined }
  | { kind: Exclude<FieldKind, 'secret'>; translatable: boolean; name?: FieldName; label?: FieldName; byHand?: boolean };

/** Where each declared schema's declaration is kept (a zod 4 registry, not the global one). */
export const fieldKinds = z.registry<FieldDeclaration>();

/**
 * `schema` (a copy of it, so a schema shared by two fields keeps each one's declaration) declared as
 * `declaration`. zod copies made from it later (`.refine`, `.trim`) inherit the declaration;
 * wrappers (`.default`, `.optional`) do not carry it, the walk looks inside them.
 */
export function declareField<S extends z.ZodType>(schema: S, declaration: FieldDeclaration): S {
  const declared = schema.clone();
  fieldKinds.add(declared, declaration);
  return declared;
}

/** A position in a value: keys of objects, indexes of lists ('boxes', 1, 'imageUrl'). */
export type FieldPath = ReadonlyArray<string | number>;

/** A declared field met in a value: where it is and what it is. */
export interface FieldAt {
  path: FieldPath;
  declaration: FieldDeclaration;
}

type Node = z.core.$ZodType;

/** What a wrapper (default, optional, a pipe…) holds, or null when `schema` wraps nothing. */
function unwrapped(schema: Node): Node | null {
  const def = schema._zod.def;
  switch (def.type) {
    case 'default':
    case 'prefault':
    case 'optional':
    case 'nonoptional':
    case 'nullable':
    case 'readonly':
    case 'catch':
      return (def as unknown as { innerType: Node }).innerType;
    case 'pipe': {
      // `.transform(fn)` is a pipe into a transform: the shape is what goes in.
      const { in: input, out } = def as unknown as { in: Node; out: Node };
      return input._zod.def.type === 'transform' ? out : input;
    }
    default:
      return null;
  }
}

type Shape =
  | { type: 'field'; declaration: FieldDeclaration | null }
  | { type: 'object'; entries: ReadonlyArray<readonly [string, Node]> }
  | { type: 'array'; element: Node };

/**
 * Each schema's shape, found once: a save walks its document several times (sanitising, images,
 * translations) and a zod registry's lookup merges the declarations of the schema's parents on
 * every call. Schemas never change once made (a declaration makes a new one), so the cache stays
 * right.
 */
const shapes = new WeakMap<Node, Shape>();

/** `schema` as the walk sees it: a field (declared or not), an object of fields or a list. */
function shapeOf(schema: Node): Shape {
  let shape = shapes.get(schema);
  if (!shape) {
    shape = findShape(schema);
    shapes.set(schema, shape);
  }
  return shape;
}

function findShape(schema: Node): Shape {
  for (let node: Node | null = schema; node; node = unwrapped(node)) {
    const declaration = fieldKinds.get(node);
    if (declaration) return { type: 'field', declaration };
    const def = node._zod.def;
    if (def.type === 'object') return { type: 'object', entries: Object.entries((def as unknown as { shape: Record<string, Node> }).shape) };
    if (def.type === 'array') return { type: 'array', element: (def as unknown as { element: Node }).element };
  }
  return { type: 'field', declaration: null };
}

/** A field of a schema: its path as a pattern (`boxes[].imageUrl`, `checkoutSteps[]`) and what it is. */
export interface SchemaField {
  path: string;
  /** null: the field declares no kind (tests/field-kinds.test.ts refuses that). */
  declaration: FieldDeclaration | null;
  /** The field's own validator (a translation of it is checked with it). */
  schema: z.ZodType;
}

/** Every field of `schema`, declared or not, in the schema's order. */
export function schemaFields(schema: z.ZodType): SchemaField[] {
  const fields: SchemaField[] = [];
  const visit = (node: Node, path: string) => {
    const shape = shapeOf(node);
    if (shape.type === 'object') for (const [key, child] of shape.entries) visit(child, path === '' ? key : `${path}.${key}`);
    else if (shape.type === 'array') visit(shape.element, `${path}[]`);
    else fields.push({ path, declaration: shape.declaration, schema: node as z.ZodType });
  };
  visit(schema, '');
  return fields;
}

/** The top-level fields of an object schema with the kind each declares (null: a list or an object of fields). */
export function topLevelKinds(schema: z.ZodType): Map<string, FieldKind | null> {
  const shape = shapeOf(schema);
  if (shape.type !== 'object') throw new TypeError('topLevelKinds takes an object schema.');
  return new Map(
    shape.entries.map(([key, child]) => {
      const field = shapeOf(child);
      return [key, field.type === 'field' ? (field.declaration?.kind ?? null) : null];
    }),
  );
}

export interface MapOptions {
  /**
   * Keep only the schema's keys, each one set (undefined when the value lacks it), instead of
   * every key of the value with the schema's ones mapped: what a comparison of two values wants.
   */
  project?: boolean;
}

/**
 * `value`, a value of `schema`, with each declared field replaced by what `visit` answers for it
 * (`visit` returns the value it is given to keep it). Objects and lists are copied, never changed
 * in place; a part of `value` that is not the shape the schema expects is kept as it is.
 */
export function mapFields<T>(schema: z.ZodType, value: T, visit: (value: unknown, at: FieldAt) => unknown, options: MapOptions = {}): T {
  const walk = (node: Node, current: unknown, path: FieldPath): unknown => {
    const shape = shapeOf(node);
    if (shape.type === 'field') return shape.declaration ? visit(current, { path, declaration: shape.declaration }) : current;
    if (shape.type === 'array') return Array.isArray(current) ? current.map((item, index) => walk(shape.element, item, [...path, index])) : current;
    if (typeof current !== 'object' || current === null || Array.isArray(current)) return current;
    const record = current as Record<string, unknown>;
    const out: Record<string, unknown> = options.project ? {} : { ...record };
    for (const [key, child] of shape.entries) {
      if (options.project || Object.hasOwn(record, key)) out[key] = walk(child, record[key], [...path, key]);
    }
    return out;
  };
  return walk(schema, value, []) as T;
}

/** Each declared field of `value` (a value of `schema`) of one of `kinds`, with where it is. */
export function fieldValues(schema: z.ZodType, value: unknown, kinds: readonly FieldKind[]): Array<{ value: unknown } & FieldAt> {
  const found: Array<{ value: unknown } & FieldAt> = [];
  mapFields(schema, value, (field, at) => {
    if (kinds.includes(at.declaration.kind)) found.push({ value: field, ...at });
    return field;
  });
  return found;
}

/** `name` for the field at `path`: itself, or built from the item's place in its list (counted from 1). */
function nameAt(name: FieldName | undefined, path: FieldPath): string | null {
  if (typeof name === 'string') return name;
  const position = [...path].reverse().find((step) => typeof step === 'number');
  if (name && position !== undefined) return name(position + 1);
  return null;
}

/** The name a message gives the field at `at` (its declared name, else its path). */
export function fieldName(at: FieldAt): string {
  return nameAt(at.declaration.name, at.path) ?? at.path.join('.');
}

/** How the translations name the field at `at` to a host ("Check-in step 2 title"): its label, else its name. */
export function fieldLabel(at: FieldAt): string {
  return nameAt(at.declaration.label, at.path) ?? fieldName(at);
}
