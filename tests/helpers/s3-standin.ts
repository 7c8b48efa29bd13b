import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { AwsV4Signer } from 'aws4fetch';

/**
 * A stateful S3 stand-in on loopback for the s3 storage tests (docs/decisions/011): path-style
 * requests (`/<bucket>/<key>`), the calls unstorage's s3 driver makes (GetObject, PutObject,
 * HeadObject, DeleteObject, the bucket listing and the bulk delete), S3's XML errors. Every request
 * must carry a SigV4 `Authorization` header for the one known key, with `x-amz-date` and
 * `x-amz-content-sha256`; its signature is recomputed with aws4fetch and compared, so a wrong
 * secret answers 403 SignatureDoesNotMatch as S3 does.
 */
export interface S3Request {
  method: string;
  path: string;
}

export interface S3StandIn {
  url: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Stored objects of `bucket` by key (`uploads/u/…`, `snapshots/<token>/br`). */
  objects: Map<string, Buffer>;
  /** Every bucket's objects by bucket name (`bucket` and those made by addBucket). */
  buckets: Map<string, Map<string, Buffer>>;
  /** Makes another, empty bucket (one per test server under TEST_STORAGE=s3); its objects. */
  addBucket(name: string): Map<string, Buffer>;
  requests: S3Request[];
  /** Answer every request with this status (an outage) until set back to null. */
  failWith: number | null;
  /** Environment for the app: STORAGE_DRIVER=s3 and every S3_* variable (`bucket` unless named). */
  env(bucketName?: string): Record<string, string>;
  close(): Promise<void>;
}

const UNSIGNED = new Set(['host']);

/** The stand-ins running in this process, by URL (tests/helpers/stored.ts finds a server's bucket). */
const running = new Map<string, S3StandIn>();

/** The stand-in answering at `url` in this process, if any. */
export function standInAt(url: string): S3StandIn | undefined {
  return running.get(new URL(url).origin);
}

function xmlError(res: http.ServerResponse, status: number, code: string, message: string): void {
  res.writeHead(status, { 'content-type': 'application/xml' });
  res.end(`<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${message}</Message></Error>`);
}

async function readBody(req: http.IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Checks the SigV4 header as S3 would; returns an S3 error code, or null when it is right. */
async function checkSignature(req: http.IncomingMessage, keys: { accessKeyId: string; secretAccessKey: string }): Promise<string | null> {
  const authorization = req.headers.authorization ?? '';
  const match = /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, ?SignedHeaders=([a-z0-9;-]+), ?Signature=([0-9a-f]{64})$/.exec(authorization);
  const datetime = req.headers['x-amz-date'];
  if (!match || typeof datetime !== 'string' || typeof req.headers['x-amz-content-sha256'] !== 'string') return 'AccessDenied';
  const [, accessKeyId, , region, signedHeaders] = match;
  if (accessKeyId !== keys.accessKeyId) return 'InvalidAccessKeyId';
  const headers: Record<string, string> = {};
  for (const name of signedHeaders!.split(';')) {
    const value = req.headers[name];
    if (!UNSIGNED.has(name) && typeof value === 'string') headers[name] = value;
  }
  const signer = new AwsV4Signer({
    method: req.method,
    url: `http://${req.headers.host}${req.url}`,
    headers,
    accessKeyId,
    secretAccessKey: keys.secretAccessKey,
    service: 's3',
    region,
    datetime,
  });
  return (await signer.authHeader()) === authorization ? null : 'SignatureDoesNotMatch';
}

export async function startS3StandIn({ bucket = 'porchlight-test', region = 'us-east-1' } = {}): Promise<S3StandIn> {
  const keys = { accessKeyId: 'AKIATESTSTANDIN00001', secretAccessKey: 'stand-in-secret-key-0123456789abcdefABCD' };
  const objects = new Map<string, Buffer>();
  const buckets = new Map([[bucket, objects]]);
  const requests: S3Request[] = [];
  const standIn = { failWith: null as number | null };

  const server = http.createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://stand-in');
      requests.push({ method: req.method ?? 'GET', path: url.pathname });
      const body = await readBody(req);
      if (standIn.failWith !== null) return xmlError(res, standIn.failWith, 'ServiceUnavailable', 'Stand-in outage');
      const denied = await checkSignature(req, keys);
      if (denied) return xmlError(res, 403, denied, 'The request signature we calculated does not match the signature you provided.');
      const [, name, ...rest] = url.pathname.split('/');
      const inBucket = buckets.get(decodeURIComponent(name ?? ''));
      if (!inBucket) return xmlError(res, 404, 'NoSuchBucket', 'The specified bucket does not exist');
      const key = rest.map(decodeURIComponent).join('/');

      if (key === '') return bucketRequest(req, res, url, body, decodeURIComponent(name!), inBucket);
      switch (req.method) {
        case 'PUT':
          inBucket.set(key, body);
          res.writeHead(200, { etag: `"${body.length}"` });
          return res.end();
        case 'GET':
        case 'HEAD': {
          const stored = inBucket.get(key);
          if (!stored) return req.method === 'HEAD' ? (res.writeHead(404), res.end()) : xmlError(res, 404, 'NoSuchKey', 'The specified key does not exist.');
          res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': String(stored.length) });
          return res.end(req.method === 'HEAD' ? undefined : stored);
        }
        case 'DELETE':
          // S3 answers 204 whether or not the key existed.
          inBucket.delete(key);
          res.writeHead(204);
          return res.end();
        default:
          return xmlError(res, 405, 'MethodNotAllowed', 'The specified method is not allowed against this resource.');
      }
    })().catch((error: unknown) => xmlError(res, 500, 'InternalError', String(error)));
  });

  /** ListObjects (what the driver's getKeys asks) and DeleteObjects (its clear). */
  function bucketRequest(req: http.IncomingMessage, res: http.ServerResponse, url: URL, body: Buffer, bucketName: string, inBucket: Map<string, Buffer>): void {
    if (req.method === 'GET') {
      const prefix = url.searchParams.get('prefix') ?? '';
      const contents = [...inBucket.keys()].filter((key) => key.startsWith(prefix)).sort().slice(0, 1000);
      res.writeHead(200, { 'content-type': 'application/xml' });
      res.end(`<?xml version="1.0" encoding="UTF-8"?>\n<ListBucketResult><Name>${bucketName}</Name>${contents.map((key) => `<Contents><Key>${key}</Key></Contents>`).join('')}</ListBucketResult>`);
      return;
    }
    if (req.method === 'POST' && url.searchParams.has('delete')) {
      for (const match of body.toString().matchAll(/<Key>([^<]+)<\/Key>/g)) inBucket.delete(match[1]!);
      res.writeHead(200, { 'content-type': 'application/xml' });
      res.end('<?xml version="1.0" encoding="UTF-8"?>\n<DeleteResult></DeleteResult>');
      return;
    }
    xmlError(res, 405, 'MethodNotAllowed', 'The specified method is not allowed against this resource.');
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const started: S3StandIn = Object.assign(standIn, {
    url,
    bucket,
    region,
    ...keys,
    objects,
    buckets,
    addBucket(name: string) {
      const added = buckets.get(name) ?? new Map<string, Buffer>();
      buckets.set(name, added);
      return added;
    },
    requests,
    env: (bucketName = bucket) => ({
      STORAGE_DRIVER: 's3',
      S3_ENDPOINT: url,
      S3_BUCKET: bucketName,
      S3_REGION: region,
      S3_ACCESS_KEY_ID: keys.accessKeyId,
      S3_SECRET_ACCESS_KEY: keys.secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
    }),
    close: () =>
      new Promise<void>((resolve) => {
        running.delete(url);
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
  running.set(url, started);
  return started;
}
