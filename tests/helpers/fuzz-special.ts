import zlib from 'node:zlib';
import fc from 'fast-check';
import Stripe from 'stripe';
import { shape } from './fuzz-shapes.ts';
import { headerSafe, hostileString, hostileValue, jsonText, numberToken } from './fuzz-values.ts';

/**
 * The bodies of tests/fuzz-bodies.test.ts that are not JSON of a schema: multipart uploads, the
 * guest PIN header, and Stripe webhook events signed with the test secret (so the parts after
 * the signature check are fuzzed too, not just the refusal).
 */

/** The webhook secret of tests/helpers/billing.ts stripeEnv(). */
const WEBHOOK_SECRET = 'whsec_porchlight_test';

/** A Stripe-Signature over `payload` that the server accepts. */
export const signWebhook = (payload: string) => Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET, timestamp: Math.floor(Date.now() / 1000) });

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.byteLength, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(Buffer.concat([Buffer.from(type, 'latin1'), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/** A well-formed PNG that declares `width`×`height` pixels and holds almost none (a decompression bomb's header). */
export function pngDeclaring(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', zlib.deflateSync(Buffer.alloc(64))), chunk('IEND', Buffer.alloc(0))]);
}

/** What a file part may hold: a real image, a broken or lying one, a polyglot, markup, nothing. */
function fileBytes(image: Buffer): fc.Arbitrary<Buffer> {
  return fc.oneof(
    { weight: 4, arbitrary: fc.constant(image) },
    { weight: 1, arbitrary: fc.double({ min: 0, max: 1, noNaN: true }).map((at) => image.subarray(0, Math.floor(image.byteLength * at))) },
    { weight: 1, arbitrary: fc.constant(Buffer.concat([image, Buffer.from('<html><script>alert(1)</script></html>')])) },
    { weight: 1, arbitrary: fc.constantFrom(pngDeclaring(100_000, 100_000), pngDeclaring(1, 1), pngDeclaring(0, 0), pngDeclaring(2 ** 31 - 1, 1)) },
    { weight: 1, arbitrary: fc.constantFrom('GIF89a', '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>', '\xff\xd8\xff\xe0', 'RIFF\x00\x00\x00\x00WEBPVP8 ', '').map((text) => Buffer.from(text, 'latin1')) },
    { weight: 1, arbitrary: fc.uint8Array({ maxLength: 256 }).map((array) => Buffer.from(array)) },
  );
}

const part = (image: Buffer) =>
  fc.record({
    name: fc.oneof({ weight: 6, arbitrary: fc.constantFrom('image', 'type') }, { weight: 1, arbitrary: fc.oneof(hostileString, fc.constantFrom('Image', 'image[]', '__proto__', '')) }),
    filename: fc.option(fc.oneof(fc.constantFrom('a.png', '../../etc/passwd', 'a.png\r\nContent-Type: text/html', '"', ''), hostileString), { nil: undefined }),
    type: fc.option(fc.constantFrom('image/png', 'image/svg+xml', 'text/html', 'application/octet-stream', 'image/png; charset=utf-8'), { nil: undefined }),
    data: fc.oneof(fileBytes(image), fc.constantFrom('square', 'rectangle', 'SQUARE', 'circle', '').map((text) => Buffer.from(text)), hostileString.map((text) => Buffer.from(text))),
  });

/**
 * A multipart body and its Content-Type: mostly the form the editor sends (an image and its kind),
 * then broken in the ways a client or a proxy may break it.
 */
export function multipartRequest(image: Buffer): fc.Arbitrary<{ contentType: string; body: Buffer }> {
  const imagePart = fileBytes(image).map((data) => ({ name: 'image', filename: 'photo.png', type: 'image/png', data }));
  const kindPart = fc.constantFrom('square', 'rectangle', 'banner').map((kind) => ({ name: 'type', filename: undefined, type: undefined, data: Buffer.from(kind) }));
  const formOfTheEditor = fc.record({
    // Not 'x': Node's FormData parser (undici 7.29) fails on a one-character boundary whose
    // character appears in a part, so a good image would read as a broken form (anyForm sends it).
    boundary: fc.constantFrom('----WebKitFormBoundary7MA4YWxkTrZu0gW', '----geckoformboundary3d1c9e0b'),
    parts: fc.tuple(imagePart, kindPart).map((parts) => [...parts]),
    damage: fc.constant('none'),
    header: fc.constant('ok'),
  });
  const anyForm = fc.record({
    boundary: fc.constantFrom('x', '----WebKitFormBoundary7MA4YWxkTrZu0gW', 'a'.repeat(70), 'b'.repeat(200), 'ü', 'with space'),
    parts: fc.oneof(fc.tuple(imagePart, kindPart).map((parts) => [...parts]), fc.array(part(image), { maxLength: 4 })),
    damage: fc.constantFrom('none', 'no-close', 'other-boundary', 'lf-only', 'cut', 'no-headers', 'huge'),
    header: fc.constantFrom('ok', 'ok', 'quoted', 'no-boundary', 'empty-boundary', 'mixed', 'json'),
  });
  return fc
    .oneof({ weight: 2, arbitrary: formOfTheEditor }, { weight: 3, arbitrary: anyForm })
    .map(({ boundary, parts, damage, header }) => {
      const line = damage === 'lf-only' ? '\n' : '\r\n';
      const written = damage === 'other-boundary' ? `${boundary}-other` : boundary;
      const pieces: Buffer[] = [];
      for (const p of parts) {
        const disposition = `Content-Disposition: form-data; name="${p.name}"${p.filename === undefined ? '' : `; filename="${p.filename}"`}`;
        const head = damage === 'no-headers' ? '' : `${disposition}${line}${p.type ? `Content-Type: ${p.type}${line}` : ''}`;
        pieces.push(Buffer.from(`--${written}${line}${head}${line}`, 'utf8'), p.data, Buffer.from(line));
      }
      if (damage !== 'no-close') pieces.push(Buffer.from(`--${written}--${line}`));
      let body = Buffer.concat(pieces);
      if (damage === 'cut') body = body.subarray(0, Math.floor(body.byteLength / 2));
      // Past the upload cap (10 MB plus the multipart allowance; docs/security.md 27).
      if (damage === 'huge') body = Buffer.concat([body, Buffer.alloc(10 * 1024 * 1024 + 70 * 1024, 0x61)]);
      const contentType = {
        ok: `multipart/form-data; boundary=${boundary}`,
        quoted: `multipart/form-data; boundary="${boundary}"`,
        'no-boundary': 'multipart/form-data',
        'empty-boundary': 'multipart/form-data; boundary=',
        mixed: `multipart/mixed; boundary=${boundary}`,
        json: 'application/json',
      }[header]!;
      return { contentType: headerSafe(contentType), body };
    });
}

/** What a guest may type as the PIN: the right one, wrong ones, digits of other scripts, junk. */
export const pinHeader = fc.oneof(
  fc.constant(undefined),
  fc.constantFrom('258046', '258046 ', ' 258046', '2580', '000000', '2580460', '\u0662\u0665\u0668\u0660', '2580,2580', '', 'x'.repeat(4096)).map(headerSafe),
  fc.stringMatching(/^\d{4,8}$/),
  hostileString.map(headerSafe),
);

const SYNC_TYPES = ['checkout.session.completed', 'customer.subscription.created', 'customer.subscription.updated', 'customer.subscription.deleted', 'invoice.paid', 'invoice.payment_failed'];

/** Event-shaped JSON (Stripe's `event` object) with hostile values, or any JSON at all. */
const eventText = fc.oneof(
  {
    weight: 3,
    arbitrary: shape({
      id: fc.oneof(fc.stringMatching(/^evt_[A-Za-z0-9]{8,24}$/), hostileString),
      object: fc.constant('event'),
      type: fc.oneof(fc.constantFrom(...SYNC_TYPES, 'customer.created', 'ping'), hostileString),
      created: numberToken,
      livemode: fc.boolean(),
      data: shape({ object: shape({ id: fc.stringMatching(/^(sub|cs|in)_[A-Za-z0-9]{8}$/), customer: fc.oneof(fc.stringMatching(/^cus_[A-Za-z0-9]{8,14}$/), hostileString, hostileValue), subscription: fc.oneof(fc.constant(null), hostileString) }) }),
    }).map(jsonText),
  },
  { weight: 1, arbitrary: hostileValue.map(jsonText) },
);

/**
 * A webhook delivery: a body and its Stripe-Signature, signed right (the signature check passes,
 * so what follows it is fuzzed), stale, with another secret, made up, or missing. `signed`: the
 * signature is valid, so 2xx or a JSON 4xx; anything else must be 400 (docs/security.md 20, 29).
 */
export const webhookDelivery = fc
  .tuple(eventText, fc.constantFrom('valid', 'valid', 'valid', 'stale', 'other-secret', 'made-up', 'none'), hostileString)
  .map(([payload, how, junk]) => {
    const now = Math.floor(Date.now() / 1000);
    const signature =
      how === 'valid' ? signWebhook(payload)
      : how === 'stale' ? Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET, timestamp: now - 3600 })
      : how === 'other-secret' ? Stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_other', timestamp: now })
      : how === 'made-up' ? headerSafe(`t=${now},v1=${junk}`)
      : undefined;
    return { body: Buffer.from(payload, 'utf8'), signature, signed: how === 'valid' };
  });
