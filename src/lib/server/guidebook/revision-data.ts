import zlib from 'node:zlib';

/**
 * How a saved version's document is kept in `instruction_revisions.data`: deflated and written as
 * base64 text. A version is written once and read rarely (History, a restore, an undo), while
 * every save writes one, inside the save's transaction; on SQLite a document of a few kilobytes
 * spilled onto overflow pages, each one more page the commit writes and fsyncs
 * (docs/performance.md, "Saves under load"). Deflated, a guidebook's text is a quarter to a third
 * of its size and a typical version fits in its table page.
 *
 * Versions written before are plain JSON, which always starts with `{`, a character base64 never
 * uses: both read back through `revisionDocument`.
 */
export function packRevisionDocument(json: string): string {
  return zlib.deflateRawSync(json, { level: 6 }).toString('base64');
}

/** The JSON text of a saved version, as `packRevisionDocument` or an older release wrote it. */
export function revisionDocument(data: string): string {
  return data.startsWith('{') ? data : zlib.inflateRawSync(Buffer.from(data, 'base64')).toString('utf8');
}
