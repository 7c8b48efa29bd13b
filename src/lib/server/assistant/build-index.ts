import { promisify } from 'node:util';
import zlib from 'node:zlib';
import MiniSearch from 'minisearch';
import { frameItem } from '../platform/framed-item.ts';
import type { Passage } from './passages.ts';
import { OPTIONS_VERSION, searchOptions } from './search-options.ts';

/**
 * Passages → a search index and its stored form (docs/decisions/031 §4): a length-prefixed JSON
 * header, as a stored page has, then the index's own JSON (`JSON.stringify(index)`) in brotli.
 */

/**
 * The library and version the serialized form belongs to (package.json pins it exactly;
 * tests/assistant-index.test.ts checks the two agree). A stored index of another format or options
 * counts as missing and is built again: an upgrade needs no migration.
 */
export const INDEX_FORMAT = 'minisearch@7.2.0';

/** No guidebook comes near it (docs/decisions/031 §4, "Size bounds"): past it no index is made. */
export const MAX_INDEX_JSON_BYTES = 4 * 1024 * 1024;

const brotli = promisify(zlib.brotliCompress);

/** Who and what an index was built from; the header of its stored item. */
export interface IndexSource {
  token: string;
  /** The page variant's language (the language its passages were made for). */
  language: string;
  teamId: string;
  guidebookId: string;
  /** The guidebook row's version and secrets policy: a stored index that disagrees with its row is not used. */
  version: number;
  secretsPolicy: string;
}

export interface IndexHeader extends IndexSource {
  format: string;
  options: number;
  passages: number;
  builtAt: number;
  /** The serialized index's length before brotli (what its memory is counted from). */
  jsonLength: number;
}

/** An index ready to search, with its header. */
export interface PageIndex {
  header: IndexHeader;
  search: MiniSearch<Passage>;
}

export function buildIndex(passages: readonly Passage[], language: string): MiniSearch<Passage> {
  const index = new MiniSearch<Passage>(searchOptions(language));
  index.addAll(passages);
  return index;
}

/** A built index and its serialized form, not yet stored. */
export interface BuiltIndex {
  index: PageIndex;
  json: Buffer;
}

/** The index of `passages` (on this thread), or null when it would be larger than MAX_INDEX_JSON_BYTES. */
export function buildPageIndex(passages: readonly Passage[], source: IndexSource): BuiltIndex | null {
  const search = buildIndex(passages, source.language);
  const json = Buffer.from(JSON.stringify(search));
  if (json.length > MAX_INDEX_JSON_BYTES) return null;
  const header: IndexHeader = { ...source, format: INDEX_FORMAT, options: OPTIONS_VERSION, passages: passages.length, builtAt: Date.now(), jsonLength: json.length };
  return { index: { header, search }, json };
}

/**
 * The stored item of a built index: its header (with the body's length, so a half-written item
 * fails the check) and its JSON in brotli, compressed on libuv's pool, off the main thread.
 */
export async function storedItemOf({ index, json }: BuiltIndex): Promise<Uint8Array> {
  const body = await brotli(json, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 9, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: json.length } });
  return frameItem({ ...index.header, length: body.length }, body);
}
