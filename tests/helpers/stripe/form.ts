/**
 * Stripe's v1 wire format: `application/x-www-form-urlencoded` with qs-style brackets, as the SDK
 * writes it (node_modules/stripe/esm/utils.js): `items[0][price]=p&expand[0]=x&metadata[k]=v`.
 * GET and DELETE carry the same encoding in the query string.
 */
export type FormValue = string | FormValue[] | FormParams;
export interface FormParams {
  [key: string]: FormValue;
}

// A key like this must never reach an object literal: it would rewrite its prototype.
const UNSAFE_SEGMENTS = new Set(['__proto__', 'constructor', 'prototype']);

function segmentsOf(key: string): string[] {
  const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(key);
  if (!match) return [key];
  const [, head = key, brackets = ''] = match;
  return [head, ...[...brackets.matchAll(/\[([^[\]]*)\]/g)].map((m) => m[1] ?? '')];
}

/** Objects whose keys are all indices become arrays, in index order (qs does the same). */
function arraysOf(value: FormValue): FormValue {
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return value.map(arraysOf);
  const keys = Object.keys(value);
  const converted: FormParams = {};
  for (const key of keys) converted[key] = arraysOf(value[key] as FormValue);
  if (keys.length === 0 || !keys.every((key) => /^\d+$/.test(key))) return converted;
  return keys
    .map(Number)
    .sort((a, b) => a - b)
    .map((index) => converted[String(index)] as FormValue);
}

export function decodeForm(text: string): FormParams {
  const root: FormParams = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const segments = segmentsOf(key);
    if (segments.some((segment) => UNSAFE_SEGMENTS.has(segment))) continue;
    let node: FormParams = root;
    segments.forEach((segment, index) => {
      // `expand[]=a&expand[]=b` appends, as qs does for empty brackets.
      const name = segment === '' ? String(Object.keys(node).length) : segment;
      if (index === segments.length - 1) {
        node[name] = value;
        return;
      }
      const next = node[name];
      if (next === undefined || typeof next === 'string' || Array.isArray(next)) node[name] = {};
      node = node[name] as FormParams;
    });
  }
  return arraysOf(root) as FormParams;
}

export function str(value: FormValue | undefined): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

export function obj(value: FormValue | undefined): FormParams | undefined {
  return value !== undefined && typeof value !== 'string' && !Array.isArray(value) ? value : undefined;
}

export function list(value: FormValue | undefined): FormValue[] {
  if (Array.isArray(value)) return value;
  // An empty string is how the SDK sends an emptied array (`discounts=''`).
  return value === undefined || value === '' ? [] : [value];
}

export function bool(value: FormValue | undefined): boolean | undefined {
  if (value === 'true') return true;
  if (value === 'false') return false;
  return undefined;
}

/** Metadata as Stripe applies it: an empty value removes that key, an empty `metadata` clears all. */
export function mergeMetadata(current: Record<string, string>, update: FormValue | undefined): Record<string, string> {
  if (update === undefined) return current;
  if (update === '') return {};
  const next = { ...current };
  for (const [key, value] of Object.entries(obj(update) ?? {})) {
    if (value === '') delete next[key];
    else if (typeof value === 'string') next[key] = value;
  }
  return next;
}

/** A whole number as the SDK writes one; undefined for anything else (`1.5`, `ten`, an object). */
export function int(value: FormValue | undefined): number | undefined {
  return typeof value === 'string' && /^-?\d{1,15}$/.test(value) ? Number(value) : undefined;
}
