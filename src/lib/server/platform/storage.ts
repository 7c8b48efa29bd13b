import path from 'node:path';
import { AwsClient } from 'aws4fetch';
import { createStorage, type Driver, type Storage } from 'unstorage';
import fsDriver from 'unstorage/drivers/fs';
import memoryDriver from 'unstorage/drivers/memory';
import s3Driver from 'unstorage/drivers/s3';
import type { Config, S3Config } from './config.ts';
import { removeEach, removeFiles } from './remove-stored.ts';

/**
 * Blob stores (docs/architecture.md, Blobs and object storage): uploaded images and guest-page
 * snapshots. Values are raw bytes (`setItemRaw` / `getItemRaw`); keys use `/` or `:` as separators
 * (unstorage treats them alike, the fs driver turns both into directories, the s3 driver into `/`).
 * The runtime builds one of each per process (`runtime.storage`).
 *
 * Only get, set, has and remove are used: unstorage's s3 driver lists a bucket's first page
 * whatever the prefix asked (its `getKeys` and `clear` would see, or delete, the other store's
 * objects), so nothing here lists a store (docs/decisions/011).
 */
export type StorageName = 'uploads' | 'snapshots';

type StorageConfig = Pick<Config, 'dataDir' | 'storageDriver'> & Partial<Pick<Config, 's3'>>;

/** One upload's bytes; streamed from a bucket, so /media never holds a whole object from it. */
export interface StoredObject {
  body: ReadableStream<Uint8Array> | Uint8Array<ArrayBuffer>;
  /** Bytes in `body`, when the store says. */
  length: number | null;
}

export interface Stores extends Record<StorageName, Storage> {
  /** Where the stores live, for the log and /readyz: `fs`, `memory` or the bucket's URL. */
  location: string;
  /** One upload (GET /media/…): streamed from a bucket, read whole from disk or memory; null when absent. */
  openUpload(key: string): Promise<StoredObject | null>;
  /** Resolves when store `name` answers a lookup (GET /readyz); rejects with the reason. */
  probe(name: StorageName): Promise<void>;
  /**
   * Removes the items `keys` of store `name`, absent ones included; rejects when the store cannot
   * be reached. On disk in one synchronous pass, a folder at a time: a guest page's 99 possible
   * copies (a publish drops them) took 1.8 ms of CPU as as many thread-pool turns and 0.25 ms as
   * plain system calls (docs/performance.md, "Saves under load"), less when absent folders are
   * skipped whole; from a bucket or memory one request each.
   */
  removeMany(name: StorageName, keys: readonly string[]): Promise<void>;
}

/** Never stored: looking it up proves that a store answers. */
const PROBE_KEY = 'readyz-probe';

/**
 * A new store for `name`: `fs` under DATA_DIR/<name> by default, `memory` when configured
 * (tests), `s3` under the key prefix `<name>/` of the one bucket.
 */
export function createNamedStorage(config: StorageConfig, name: StorageName): Storage {
  if (config.storageDriver === 's3') return createStorage({ driver: bytesAsBuffers(s3Driver(s3DriverOptions(s3Of(config), name))) });
  const driver = config.storageDriver === 'memory' ? memoryDriver() : fsDriver({ base: path.join(config.dataDir, name) });
  return createStorage({ driver });
}

export function createStores(config: StorageConfig): Stores {
  const uploads = createNamedStorage(config, 'uploads');
  const snapshots = createNamedStorage(config, 'snapshots');
  if (config.storageDriver === 's3') {
    const s3 = s3Of(config);
    const client = bucketClient(s3);
    return {
      uploads,
      snapshots,
      location: objectUrl(s3, 'uploads', '').replace(/\/uploads\/$/, '/'),
      openUpload: openFromBucket(s3, client),
      probe: probeBucket(s3, client),
      removeMany: removeEach({ uploads, snapshots }),
    };
  }
  const stores = { uploads, snapshots };
  return {
    ...stores,
    location: config.storageDriver === 'fs' ? config.dataDir : 'memory',
    // Files on disk are small (re-encoded WebP) and read whole, as before.
    openUpload: openFromStore(uploads),
    probe: async (name) => {
      await stores[name].hasItem(PROBE_KEY);
    },
    removeMany: config.storageDriver === 'fs' ? removeFiles(config.dataDir) : removeEach(stores),
  };
}

/**
 * The s3 driver's `getItemRaw` answers an ArrayBuffer where fs and memory answer a Buffer: every
 * store answers bytes as a Buffer (a view, no copy), so readers need not know the driver.
 */
function bytesAsBuffers(driver: Driver): Driver {
  const getItemRaw = driver.getItemRaw!;
  return {
    ...driver,
    getItemRaw: async (key, options) => {
      const value = await getItemRaw(key, options);
      return value instanceof ArrayBuffer ? Buffer.from(value) : value;
    },
  };
}

function s3Of(config: StorageConfig): S3Config {
  if (!config.s3) throw new Error('STORAGE_DRIVER=s3 without its S3_* settings');
  return config.s3;
}

/**
 * The s3 driver always requests `<endpoint>/<bucket>/<key>`: the store's prefix rides in its
 * `bucket` option, and for virtual-hosted style the bucket moves into the endpoint's host name
 * (`https://<bucket>.<endpoint host>/<name>/<key>`). Either way the object's key is `<name>/<key>`.
 */
export function s3DriverOptions(s3: S3Config, name: StorageName) {
  const endpoint = new URL(s3.endpoint);
  const base = endpoint.pathname.replace(/\/+$/, '');
  return s3.forcePathStyle
    ? { endpoint: `${endpoint.origin}${base}`, bucket: `${s3.bucket}/${name}`, region: s3.region, accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey }
    : { endpoint: `${endpoint.protocol}//${s3.bucket}.${endpoint.host}${base}`, bucket: name, region: s3.region, accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey };
}

/** The URL of one object, as the driver requests it. */
export function objectUrl(s3: S3Config, name: StorageName, key: string): string {
  const { endpoint, bucket } = s3DriverOptions(s3, name);
  return `${endpoint}/${bucket}/${key.split(/[:/]/).filter(Boolean).map(encodeURIComponent).join('/')}`;
}

const BUCKET_TIMEOUT_MS = 10_000;

/** Signs the requests the driver cannot make: streamed reads and the readiness probe. */
function bucketClient(s3: S3Config): AwsClient {
  // No retries (aws4fetch retries a 5xx ten times by default): a guest's image or a probe fails fast.
  return new AwsClient({ accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey, region: s3.region, service: 's3', retries: 0 });
}

/**
 * A GET of a key that never exists: S3 answers 404 NoSuchKey when the bucket is there and the
 * request is signed right. The driver's own lookups cannot tell that from a missing bucket (any
 * 404 reads as "no such item", and a PUT into a missing bucket as done), so readiness asks here.
 */
function probeBucket(s3: S3Config, client: AwsClient): Stores['probe'] {
  return async (name) => {
    const response = await client.fetch(objectUrl(s3, name, PROBE_KEY), { signal: AbortSignal.timeout(BUCKET_TIMEOUT_MS) });
    const text = await response.text();
    if (response.ok || (response.status === 404 && /<Code>NoSuchKey<\/Code>/.test(text))) return;
    const code = /<Code>([^<]+)<\/Code>/.exec(text)?.[1] ?? response.statusText;
    throw new Error(`[s3] ${response.status} ${code} from ${objectUrl(s3, name, '')}`);
  };
}

function openFromBucket(s3: S3Config, client: AwsClient): Stores['openUpload'] {
  return async (key) => {
    // The time limit is on the answer's head only: the body then streams at the guest's pace.
    const abort = new AbortController();
    const timer = setTimeout(() => abort.abort(new Error(`[s3] GET ${key}: no answer within ${BUCKET_TIMEOUT_MS} ms`)), BUCKET_TIMEOUT_MS);
    const response = await client.fetch(objectUrl(s3, 'uploads', key), { signal: abort.signal }).finally(() => clearTimeout(timer));
    if (response.status === 404) return null;
    if (!response.ok || !response.body) {
      await response.body?.cancel();
      throw new Error(`[s3] GET ${key}: ${response.status} ${response.statusText}`);
    }
    const length = Number(response.headers.get('content-length'));
    return { body: response.body, length: Number.isFinite(length) && length >= 0 ? length : null };
  };
}

function openFromStore(store: Storage): Stores['openUpload'] {
  return async (key) => {
    const stored = await store.getItemRaw<Uint8Array>(key);
    return stored ? { body: new Uint8Array(stored), length: stored.byteLength } : null;
  };
}
