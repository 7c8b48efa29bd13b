/**
 * A stored item that is a JSON header and a body (a guest page's snapshot, its "Ask the guidebook"
 * index): the header's length in 4 bytes, the header, then the body, whose length the header says.
 * A half-written item (the fs driver, a concurrent write) fails the length check and reads as none.
 */
export function frameItem(header: { length: number }, body: Uint8Array): Uint8Array {
  const json = Buffer.from(JSON.stringify(header));
  const out = Buffer.allocUnsafe(4 + json.length + body.byteLength);
  out.writeUInt32BE(json.length, 0);
  json.copy(out, 4);
  out.set(body, 4 + json.length);
  return out;
}

/** The header and body of a framed item (a view of `raw`, no copy), or null when it is not whole. */
export function unframeItem<H extends { length: number }>(raw: Uint8Array): { header: H; body: Buffer } | null {
  const buffer = Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength);
  if (buffer.length < 4) return null;
  const size = buffer.readUInt32BE(0);
  if (4 + size > buffer.length) return null;
  try {
    const header = JSON.parse(buffer.subarray(4, 4 + size).toString('utf8')) as H;
    const body = buffer.subarray(4 + size);
    return body.length === header.length ? { header, body } : null;
  } catch {
    return null;
  }
}
