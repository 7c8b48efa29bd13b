// @ts-check
// Build step after `astro build`: writes brotli (quality 11) and gzip (level 9) copies beside
// every compressible file of dist/client, once, so that the server never compresses a prerendered
// page or an asset per request (src/lib/server/http/static-files.ts serves them from memory).
// A copy that would not save at least 5% is not written.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const clientDir = path.join(process.env.DIST_DIR ?? 'dist', 'client');
const COMPRESSIBLE = new Set(['.html', '.css', '.js', '.mjs', '.json', '.webmanifest', '.svg', '.txt', '.xml']);

/** @param {string} dir @returns {string[]} */
function listFiles(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? listFiles(full) : [full];
  });
}

let written = 0;
let before = 0;
let after = 0;
for (const file of listFiles(clientDir)) {
  if (!COMPRESSIBLE.has(path.extname(file).toLowerCase())) continue;
  const body = fs.readFileSync(file);
  const copies = {
    br: zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
    gz: zlib.gzipSync(body, { level: 9 }),
  };
  for (const [extension, copy] of Object.entries(copies)) {
    if (copy.length > body.length * 0.95) continue;
    fs.writeFileSync(`${file}.${extension}`, copy);
    written += 1;
  }
  before += body.length;
  after += copies.br.length;
}
console.log(`precompress: ${written} copies written; ${(before / 1024).toFixed(0)} KB of text is ${(after / 1024).toFixed(0)} KB in brotli`);
