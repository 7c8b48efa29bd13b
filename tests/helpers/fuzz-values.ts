import fc from 'fast-check';
import { HOSTILE_URLS } from './hostile-urls.ts';

/**
 * Hostile values for tests/fuzz-bodies.test.ts (docs/security.md 29): strings, numbers and JSON
 * texts a browser form never sends, built as text so that what JSON.stringify cannot write
 * (1e309, -0, duplicate keys, `__proto__` as a key, lone surrogates) reaches the server's parser.
 */

/** The JSON cap of src/lib/server/http/json.ts. */
export const JSON_CAP = 256 * 1024;

/** A JSON fragment written as it is (a number token JSON.stringify cannot produce). */
export class RawJson {
  constructor(readonly text: string) {}
}

/** Number tokens: overflow to Infinity, negative zero, past 2^53, tiny, fractional, exponent forms. */
export const NUMBER_TOKENS = ['1e309', '-1e309', '-0', '0.0', '9007199254740993', '-9007199254740993', '123456789012345678901234567890', '1e-400', '0.5', '-1', '1E2', '2e+0', '4.0'];

export const numberToken = fc.oneof(
  fc.constantFrom(...NUMBER_TOKENS).map((text) => new RawJson(text)),
  fc.double(),
  fc.integer({ min: -2, max: 10_000 }),
  fc.constantFrom(Number.MAX_SAFE_INTEGER, Number.MIN_SAFE_INTEGER, 2 ** 31, -(2 ** 31), 1735689600000),
);

const loneSurrogate = fc.integer({ min: 0xd800, max: 0xdfff }).map((code) => String.fromCharCode(code));

/** Characters that mean something to a parser, a renderer, a database or a terminal. */
const SPECIALS = [
  '\u0000', '\u0001', '\u001b[31m', '\u007f', '\u0085', '\u00a0', '\u00ad', '\u200b', '\u200d', '\u200e', '\u200f', '\u202a', '\u202e', '\u2066', '\u2028', '\u2029',
  '\ufeff', '\ufffd', '\uffff', '\ud800', '\udfff', '\ud83d\ude00', '\ud83d\udc69\u200d\ud83d\udc69\u200d\ud83d\udc67', '\ud835\udd4f', 'Z\u0351\u0358\u035c\u0361', '\u0665\u0666\u0667\u0668',
  '\r\n', '\t', '\\', '"', "'", '`', '<', '>', '&', '&amp;', '%00', '%', '{{7*7}}', '${1}', '../', '..\\', '/', '#', '?',
  '__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', 'valueOf',
  "' OR 1=1 --", '"; DROP TABLE users; --', '<script>alert(1)</script>', '<img src=x onerror=alert(1)>', '<span data-marker="lockbox"></span>', '<span data-marker="address"></span>',
];

/** A long run of characters that grow when escaped, encoded or sanitised, sized near a cap. */
const nearCap = fc
  .tuple(fc.constantFrom('a', '&', '<', '"', '\u00e9', '\ud83d\ude00', ' ', '\u0000', '<p>x</p>', '<b>'), fc.constantFrom(49, 50, 51, 99, 100, 101, 199, 200, 201, 254, 255, 399, 400, 401, 2047, 2048, 2049, 4096, 4097, 8193, 9999, 10_000, 10_001, 20_001))
  .map(([unit, length]) => unit.repeat(Math.ceil(length / unit.length)).slice(0, Math.max(length, unit.length)));

export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.string({ unit: 'grapheme', maxLength: 20 }) },
  { weight: 2, arbitrary: fc.array(fc.oneof(fc.constantFrom(...SPECIALS), loneSurrogate, fc.string({ unit: 'binary', maxLength: 4 })), { maxLength: 6 }).map((parts) => parts.join('')) },
  { weight: 1, arbitrary: fc.constantFrom(...HOSTILE_URLS) },
  { weight: 1, arbitrary: nearCap },
  { weight: 1, arbitrary: fc.constantFrom('', ' ', '   \t', 'null', 'undefined', 'true', '0', 'NaN', '[]', '{}') },
);

/** Object keys: the prototype's own names above all. */
export const hostileKey = fc.oneof(
  { weight: 2, arbitrary: fc.constantFrom('__proto__', 'constructor', 'prototype', '__defineGetter__', 'toJSON', 'then', 'length', '', ' ', '\u0000') },
  { weight: 1, arbitrary: hostileString },
);

/** Any JSON value, with hostile leaves and keys; `depth` bounds nesting (deep texts come from `deepText`). */
export const hostileValue: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    hostileString,
    numberToken,
    fc.constantFrom(true, false, null),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.array(fc.tuple(hostileKey, tie('value')), { maxLength: 4 }).map((entries) => Object.fromEntries(entries)),
  ),
})).value;

/**
 * JSON text of `value`. Object.fromEntries made any `__proto__` key an own property, so it is
 * written like any other key; RawJson is written as it is.
 */
export function jsonText(value: unknown): string {
  if (value instanceof RawJson) return value.text;
  if (Array.isArray(value)) return `[${value.map(jsonText).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    return `{${Object.entries(value)
      .map(([key, item]) => `${JSON.stringify(key)}:${jsonText(item)}`)
      .join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** JSON text nested `depth` deep: arrays, objects or both. */
function deepText(depth: number, kind: 'array' | 'object' | 'mixed'): string {
  const open = kind === 'array' ? '[' : kind === 'object' ? '{"a":' : '[{"a":';
  const close = kind === 'array' ? ']' : kind === 'object' ? '}' : '}]';
  const times = kind === 'mixed' ? Math.ceil(depth / 2) : depth;
  return open.repeat(times) + '1' + close.repeat(times);
}

const INVALID_UTF8 = [[0xff], [0xfe, 0xff], [0xc3, 0x28], [0xc0, 0xaf], [0xed, 0xa0, 0x80], [0xf4, 0x90, 0x80, 0x80], [0xe2, 0x82], [0x80]].map((bytes) => Buffer.from(bytes));

/** Puts an invalid UTF-8 sequence at `at` (a fraction of the length): inside a string, a key, anywhere. */
function withInvalidUtf8(text: Buffer, at: number, bad: number): Buffer {
  const cut = Math.floor(text.byteLength * at);
  return Buffer.concat([text.subarray(0, cut), INVALID_UTF8[bad % INVALID_UTF8.length]!, text.subarray(cut)]);
}

/**
 * What a JSON text becomes on the wire: as it is, cut short, wrapped, padded near or past the cap,
 * with invalid UTF-8 or a BOM, or given up for garbage, nothing, or a huge or deep document.
 */
export function hostileBody(base: fc.Arbitrary<string>): fc.Arbitrary<Buffer> {
  const bytes = base.map((text) => Buffer.from(text, 'utf8'));
  return fc.oneof(
    { weight: 6, arbitrary: bytes },
    { weight: 1, arbitrary: fc.tuple(bytes, fc.double({ min: 0, max: 1, noNaN: true })).map(([body, at]) => body.subarray(0, Math.floor(body.byteLength * at))) },
    { weight: 1, arbitrary: fc.tuple(bytes, fc.double({ min: 0, max: 1, noNaN: true }), fc.nat()).map(([body, at, bad]) => withInvalidUtf8(body, at, bad)) },
    { weight: 1, arbitrary: bytes.map((body) => Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), body])) },
    { weight: 1, arbitrary: fc.tuple(base, fc.constantFrom('[', '{"a":', '{"__proto__":', '{"constructor":{"prototype":')).map(([text, open]) => Buffer.from(`${open}${text}${open === '[' ? ']' : '}'.repeat(open.split('{').length - 1)}`)) },
    { weight: 1, arbitrary: fc.tuple(bytes, fc.constantFrom(-1, 0, 1, 4096)).map(([body, past]) => Buffer.concat([body, Buffer.alloc(Math.max(0, JSON_CAP + past - body.byteLength), 0x20)])) },
    { weight: 1, arbitrary: fc.tuple(fc.constantFrom(1000, 10_000, 100_000, 131_000), fc.constantFrom('array', 'object', 'mixed') as fc.Arbitrary<'array' | 'object' | 'mixed'>).map(([depth, kind]) => Buffer.from(deepText(depth, kind))) },
    { weight: 1, arbitrary: fc.constantFrom(JSON_CAP - 16, JSON_CAP - 4, JSON_CAP + 1, 2 * JSON_CAP).map((size) => Buffer.from(`{"a":"${'x'.repeat(size - 8)}"}`)) },
    { weight: 1, arbitrary: fc.uint8Array({ maxLength: 64 }).map((array) => Buffer.from(array)) },
    { weight: 1, arbitrary: fc.constantFrom('', ' ', 'null', '""', '[]', '{}', '{', '}', '{"a":1,"a":2}', 'true', '1e309', '-0', '\u0000', '{"a":"\\ud800"}', '{"a":"\\u0000"}', '{"a\\u0000":1}', '{"a":"\\x41"}', "{'a':1}", '{a:1}', '[1,]', '{"a":1,}', 'NaN', '0x10', '"\\uD834"').map((text) => Buffer.from(text)) },
  );
}

/** Content types: JSON in its accepted spellings, near misses, other types and none. */
export const contentType = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom('application/json', 'application/json; charset=utf-8', 'Application/JSON;charset=UTF-8', 'application/json ;x=y', 'application/json; charset=latin1') },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      '', 'text/plain', 'text/plain;charset=utf-8', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'multipart/form-data',
      'application/jsonx', 'application/json-patch+json', 'application/merge-patch+json', ' application/json', 'application/json, text/plain', 'json', '*/*', 'application/\u00e9',
    ),
  },
);

/** Accept-Encoding values a client may send; the answer is decoded whatever it picks. */
export const acceptEncoding = fc.constantFrom(undefined, 'gzip', 'br', 'gzip, deflate, br', 'identity', '*', 'br;q=0, gzip;q=0', 'x-unknown', 'gzip;q=abc');

/** Loopback source addresses: one per-address rate-limit counter each (127.0.1.1 to 127.0.1.64). */
export const sourceAddress = fc.integer({ min: 1, max: 64 }).map((n) => `127.0.1.${n}`);

/** One path segment: a real id mostly, else something no route may trip over once decoded. */
export function pathSegment(real: fc.Arbitrary<string>): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 6, arbitrary: real },
    {
      weight: 1,
      arbitrary: fc.constantFrom('x', '0', '-1', 'null', 'undefined', '__proto__', 'constructor', '%2e%2e', '..%2F..%2Fetc', '%00', '%E2%80%AE', '%F0%9F%98%80', '%C0%AF', '%E0%A4%A', '%ZZ', 'a'.repeat(300), 'a'.repeat(5000), '%20', 'DROP%20TABLE'),
    },
    // Cut before encoding: a request line past node:http's 16 KB of headers gets its bare 431.
    { weight: 1, arbitrary: hostileString.map((text) => encodeURIComponent(text.replace(/[\ud800-\udfff]/g, '').slice(0, 500))) },
  );
}

/**
 * A string as node:http will send it in a header: its UTF-8 bytes, one latin1 character each, less
 * what no header may hold (line breaks, NUL and other controls but the tab), and at most 4 KB (a
 * browser's cap on a cookie): past node:http's 16 KB of headers the answer is its bare 431, before
 * the app sees the request.
 */
export function headerSafe(value: string): string {
  return Buffer.from(value, 'utf8').toString('latin1').replace(/[^\t\x20-\x7e\x80-\xff]/g, '').slice(0, 4096);
}
