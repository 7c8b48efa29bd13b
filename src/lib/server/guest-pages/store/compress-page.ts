import { Worker } from 'node:worker_threads';
import zlib from 'node:zlib';
import { processSingleton } from '../../platform/process-singleton.ts';

/** A rendered page's two compressed copies, each in a buffer of its own size. */
export interface CompressedPage {
  br: Uint8Array;
  gz: Uint8Array;
}

/** 2^18 = 256 KB: a guest page is 20–60 KB; a window just large enough keeps memory small. */
const BROTLI_WINDOW_BITS = 18;

/**
 * Quality 5, not 11: on the 20 KB demo page 11 took 44 ms of CPU for 4,338 bytes and 7 took
 * 1.5 ms for 4,890; with a publish every few seconds per host, 11 cost a core. Nor 7: on the
 * 49 KB demo page 7 took 2.5 ms for 10,280 bytes and 5 took 1.7 ms for 10,371 (docs/performance.md,
 * tenth round).
 */
function brotliParams(bytes: number): Record<number, number> {
  return {
    [zlib.constants.BROTLI_PARAM_QUALITY]: 5,
    [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
    [zlib.constants.BROTLI_PARAM_LGWIN]: BROTLI_WINDOW_BITS,
    [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes,
  };
}
/** 6, not 9: 0.92 ms against 1.06 on the 49 KB demo page, for 11,214 bytes against 11,187. */
const GZIP_LEVEL = 6;

/**
 * The worker's whole program, evaluated as CommonJS (no file to bundle). Each answer is copied into
 * buffers of their exact size: zlib hands back a view of its 64 KB output chunk (a 5 KB page kept
 * in memory held 64 KB), and only a buffer of its own can be transferred.
 */
const WORKER_SOURCE = `
const { parentPort } = require('node:worker_threads');
const zlib = require('node:zlib');
parentPort.on('message', ({ id, html, brotli, gzipLevel }) => {
  try {
    const br = new Uint8Array(zlib.brotliCompressSync(html, { params: brotli }));
    const gz = new Uint8Array(zlib.gzipSync(html, { level: gzipLevel }));
    parentPort.postMessage({ id, br, gz }, [br.buffer, gz.buffer]);
  } catch (error) {
    parentPort.postMessage({ id, error: String((error && error.message) || error) });
  }
});`;

interface Pending {
  resolve: (page: CompressedPage) => void;
  reject: (error: Error) => void;
}

const state = processSingleton('compress-page', () => ({
  worker: undefined as Worker | undefined,
  pending: new Map<number, Pending>(),
  nextId: 1,
  /** The worker could not be started here: pages are compressed on this thread. */
  inline: false,
}));

/**
 * A rendered guest page in brotli and gzip, compressed once per publish on a worker thread of its
 * own: both compressions are about a millisecond of CPU for a 30 KB page, and on the main thread
 * that millisecond was taken from the guests the same thread serves
 * (docs/performance.md, "Third round"). One worker, started at the first page; it keeps a process
 * alive only while a page waits for it. Pages queue in it in order. If it fails or exits, the
 * pages waiting for it fail (their publish keeps the previous snapshot, or the page renders on its
 * next request, as with any failed encoding), and the next page starts a new one.
 */
export function compressPage(html: Uint8Array): Promise<CompressedPage> {
  const worker = compressionWorker();
  if (!worker) return Promise.resolve(compressHere(html));
  const id = state.nextId++;
  return new Promise<CompressedPage>((resolve, reject) => {
    state.pending.set(id, { resolve, reject });
    // Referenced while a page waits, so a process with nothing else to do still gets its answer.
    if (state.pending.size === 1) worker.ref();
    // A copy of its own size, handed over rather than cloned: the HTML may be a view of a larger
    // buffer, which a clone would copy whole, twice (into the message and out of it).
    const bytes = new Uint8Array(html);
    worker.postMessage({ id, html: bytes, brotli: brotliParams(bytes.byteLength), gzipLevel: GZIP_LEVEL }, [bytes.buffer]);
  });
}

/** The same on the calling thread (where no worker can start). */
function compressHere(html: Uint8Array): CompressedPage {
  return {
    br: new Uint8Array(zlib.brotliCompressSync(html, { params: brotliParams(html.byteLength) })),
    gz: new Uint8Array(zlib.gzipSync(html, { level: GZIP_LEVEL })),
  };
}

function compressionWorker(): Worker | undefined {
  if (state.worker || state.inline) return state.worker;
  let worker: Worker;
  try {
    worker = new Worker(WORKER_SOURCE, { eval: true });
  } catch {
    state.inline = true;
    return undefined;
  }
  worker.unref();
  worker.on('message', (answer: { id: number; br?: Uint8Array; gz?: Uint8Array; error?: string }) => {
    const waiting = state.pending.get(answer.id);
    state.pending.delete(answer.id);
    if (state.pending.size === 0) worker.unref();
    if (!waiting) return;
    if (answer.br && answer.gz) waiting.resolve({ br: answer.br, gz: answer.gz });
    else waiting.reject(new Error(`page compression failed: ${answer.error ?? 'no answer'}`));
  });
  const fail = (error: Error) => {
    if (state.worker !== worker) return;
    state.worker = undefined;
    for (const waiting of state.pending.values()) waiting.reject(error);
    state.pending.clear();
  };
  worker.on('error', fail);
  worker.on('exit', (code) => fail(new Error(`page compression worker exited (${code})`)));
  state.worker = worker;
  return worker;
}

/** Stops the worker; the pages waiting for it fail (tests: a worker that dies). */
export async function stopCompressionWorker(): Promise<void> {
  const worker = state.worker;
  if (worker) await worker.terminate();
}
