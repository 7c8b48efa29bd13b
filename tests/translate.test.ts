import http from 'node:http';
import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ADDRESS_MARKER, LOCKBOX_MARKER } from '../src/lib/shared/schemas/instruction.ts';
import { messages } from '../src/lib/shared/messages.ts';
import { ConfigError, parseConfig, type TranslateConfig } from '../src/lib/server/platform/config.ts';
import { isAppError, type AppError } from '../src/lib/server/http/app-error.ts';
import { rateRules } from '../src/lib/server/http/rate-limit.ts';
import { TRANSLATE_TIMEOUT_MS } from '../src/lib/server/translate/client.ts';
import { machineTranslation, type MachineTranslator, type TranslateText } from '../src/lib/server/translate/index.ts';
import { breakPlaceholder, doublePlaceholder, dropPlaceholder, renumberPlaceholder, startTranslateStandIn, type TranslateStandIn } from './helpers/translate/translate-standin.ts';

/**
 * The machine-translation client (src/lib/server/translate) against a stand-in speaking
 * LibreTranslate's and DeepL's APIs over real HTTP on loopback: what is sent, how it is batched,
 * markers kept or the field reported, errors mapped, and the key never in a log line.
 */
const KEY = 'key-6f1c2d9a-secret';
let standIn: TranslateStandIn;
/** Every log line written by the translators of these tests. */
const logLines: string[] = [];
const log = pino(
  { level: 'debug' },
  new Writable({
    write(chunk: Buffer, _encoding, done) {
      logLines.push(chunk.toString('utf8'));
      done();
    },
  }),
);

function translator(provider: TranslateConfig['provider'], options: { apiKey?: string; timeoutMs?: number } = {}): MachineTranslator {
  const config = parseConfig({ NODE_ENV: 'test', TRANSLATE_URL: standIn.url, TRANSLATE_PROVIDER: provider, TRANSLATE_API_KEY: options.apiKey ?? KEY });
  // The production timeout unless a test is about the timeout: an answer slowed by a busy machine is still an answer.
  const made = machineTranslation(config, log, { timeoutMs: options.timeoutMs ?? TRANSLATE_TIMEOUT_MS });
  if (!made) throw new Error('machine translation should be on');
  return made;
}

/** The AppError a call fails with. */
async function appError(call: Promise<unknown>): Promise<AppError> {
  const error: unknown = await call.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  if (!isAppError(error)) throw new Error(`expected an AppError, got ${String(error)}`);
  return error;
}

const html = (key: string, text: string): TranslateText => ({ key, text, format: 'html', kind: 'richText' });
const plain = (key: string, text: string): TranslateText => ({ key, text, format: 'text', kind: 'plain' });

beforeAll(async () => {
  standIn = await startTranslateStandIn();
});

afterAll(async () => {
  await standIn?.close();
});

beforeEach(() => {
  standIn.reset();
  standIn.apiKey = KEY;
});

describe('configuration', () => {
  it('is off without TRANSLATE_URL: machineTranslation() is null', () => {
    const config = parseConfig({ NODE_ENV: 'test', TRANSLATE_API_KEY: KEY, TRANSLATE_PROVIDER: 'deepl' });
    expect(config.translate).toBeUndefined();
    expect(machineTranslation(config, log)).toBeNull();
  });

  it("reads DeepL from its hosts, LibreTranslate otherwise, and wants DeepL's key", () => {
    expect(parseConfig({ TRANSLATE_URL: 'https://api-free.deepl.com/', TRANSLATE_API_KEY: KEY }).translate).toEqual({ provider: 'deepl', url: 'https://api-free.deepl.com', apiKey: KEY });
    expect(parseConfig({ TRANSLATE_URL: 'https://translate.example.org' }).translate).toEqual({ provider: 'libretranslate', url: 'https://translate.example.org', apiKey: undefined });
    expect(() => parseConfig({ TRANSLATE_URL: 'https://api.deepl.com' })).toThrow(ConfigError);
    expect(() => parseConfig({ TRANSLATE_URL: 'https://x.example', TRANSLATE_PROVIDER: 'google' })).toThrow(/TRANSLATE_PROVIDER/);
    expect(() => parseConfig({ TRANSLATE_URL: 'ftp://x.example' })).toThrow(/TRANSLATE_URL/);
  });

  it('has a per-host limit for the drafting route', () => {
    expect(rateRules.machineDraftUser('user-1')).toEqual({ key: 'machine-draft:user:user-1', limit: 20, windowMs: 60 * 60 * 1000 });
  });
});

describe.each(['libretranslate', 'deepl'] as const)('%s', (provider) => {
  it('drafts plain text and rich text, markers back where they were', async () => {
    const result = await translator(provider).translateBatch({
      source: 'en',
      target: 'de',
      texts: [plain('title', 'Welcome to the house'), html('steps.0.text', `<p>The key is in the box ${LOCKBOX_MARKER} by the door<br />${ADDRESS_MARKER}.</p>`)],
    });
    expect(result.failed.size).toBe(0);
    expect(result.translated.get('title')).toBe('[de] Willkommen zu die Haus');
    expect(result.translated.get('steps.0.text')).toBe(`<p>[de] Die Schlüssel ist in die Box ${LOCKBOX_MARKER} by die Tür<br />${ADDRESS_MARKER}.</p>`);
    // One format per request: the plain text and the rich text went separately.
    expect(result.requests).toBe(2);
    const sent = standIn.requests.map((request) => request.raw).join('\n');
    expect(sent).not.toContain('data-marker');
    expect(sent).not.toContain('lockbox');
    expect(sent).toContain('<x-m id=\\"1\\"></x-m>');
  });

  it('leaves empty texts alone and sends nothing for them', async () => {
    const result = await translator(provider).translateBatch({ source: 'en', target: 'fr', texts: [plain('a', ''), html('b', '  ')] });
    expect(result.translated).toEqual(new Map([['a', ''], ['b', '  ']]));
    expect(result.requests).toBe(0);
    expect(standIn.requests).toHaveLength(0);
  });

  it.each([
    ['dropped', dropPlaceholder],
    ['doubled', doublePlaceholder],
    ['renumbered', renumberPlaceholder],
    ['broken', breakPlaceholder],
  ])('reports a text whose placeholder came back %s as failed, for that key only', async (_how, tamper) => {
    standIn.tamper = (translated, sent) => (sent.includes('second') ? tamper(translated) : translated);
    const result = await translator(provider).translateBatch({
      source: 'en',
      target: 'de',
      texts: [html('first', `<p>Open ${LOCKBOX_MARKER} here</p>`), html('second', `<p>The second ${ADDRESS_MARKER} and ${LOCKBOX_MARKER}</p>`), html('third', '<p>No markers</p>')],
    });
    expect(result.requests).toBe(1);
    expect(result.failed).toEqual(new Map([['second', { reason: 'markers', message: messages.translate.markersChanged }]]));
    expect([...result.translated.keys()]).toEqual(['first', 'third']);
    expect(result.translated.get('first')).toContain(LOCKBOX_MARKER);
  });

  it('puts each marker back where the service moved its placeholder', async () => {
    // A service moves tags with the words around them: here the two placeholders swap places.
    standIn.tamper = (translated) => translated.replace(/<x-m id="1"><\/x-m>(.*)<x-m id="2"><\/x-m>/, '<x-m id="2"></x-m>$1<x-m id="1"></x-m>');
    const result = await translator(provider).translateBatch({ source: 'en', target: 'de', texts: [html('a', `<p>${LOCKBOX_MARKER} key, then ${ADDRESS_MARKER}</p>`)] });
    expect(result.translated.get('a')).toBe(`<p>${ADDRESS_MARKER}[de]  Schlüssel, then ${LOCKBOX_MARKER}</p>`);
  });

  it('reports plain text that came back with markup, and keeps rich text within the allowlist', async () => {
    standIn.tamper = (translated, sent) => (sent === 'Door' ? `<b>${translated}</b>` : translated);
    const result = await translator(provider).translateBatch({
      source: 'en',
      target: 'de',
      texts: [plain('door', 'Door'), plain('time', 'Check-in < 3 pm'), html('rich', '<p>Say &lt;script&gt;alert(1)&lt;/script&gt; <strong>here</strong></p>')],
    });
    expect(result.failed.get('door')?.reason).toBe('markup');
    expect(result.translated.get('time')).toBe('[de] Check-in < 3 pm');
    // LibreTranslate unescapes its answers: the escaped script comes back as a tag, and is dropped.
    const rich = result.translated.get('rich')!;
    expect(rich).not.toMatch(/<script/i);
    expect(rich).toContain('<strong>here</strong>');
  });

  it('reports a text that came back empty, or with nothing left once sanitised', async () => {
    standIn.tamper = (translated, sent) => (sent.includes('Gone') ? (sent.startsWith('<') ? '<script>alert(1)</script>' : ' ') : translated);
    const result = await translator(provider).translateBatch({ source: 'en', target: 'de', texts: [plain('a', 'Gone'), html('b', '<p>Gone</p>'), plain('c', 'Door')] });
    expect(result.failed.get('a')?.reason).toBe('missing');
    expect(result.failed.get('b')?.reason).toBe('missing');
    expect(result.translated).toEqual(new Map([['c', '[de] Tür']]));
  });

  it('batches within the service limits, one request per batch', async () => {
    const texts = Array.from({ length: 120 }, (_, index) => plain(`t${index}`, `Door ${index}`));
    const result = await translator(provider).translateBatch({ source: 'en', target: 'de', texts });
    expect(result.translated.size).toBe(120);
    expect(result.translated.get('t119')).toBe('[de] Tür 119');
    const counts = standIn.requests.map((request) => ((request.body.q ?? request.body.text) as unknown[]).length);
    expect(counts).toEqual(provider === 'deepl' ? [50, 50, 20] : [25, 25, 25, 25, 20]);
  });

  it('refuses a language it cannot do, and the same language, before any request', async () => {
    const client = translator(provider);
    const unknown = await appError(client.translateBatch({ source: 'en', target: 'xx', texts: [plain('a', 'Door')] }));
    expect(unknown.status).toBe(400);
    expect(unknown.message).toBe(messages.translate.unsupported('xx'));
    const same = await appError(client.translateBatch({ source: 'de', target: 'de', texts: [plain('a', 'Door')] }));
    expect(same.status).toBe(400);
    expect(same.message).toBe(messages.translate.sameLanguage);
    expect(standIn.requests).toHaveLength(0);
  });

  it('never sends a secret: a call holding one is refused whole', async () => {
    const texts = [plain('title', 'Welcome'), { key: 'code', text: '4711', format: 'text', kind: 'secret' } as const];
    await expect(translator(provider).translateBatch({ source: 'en', target: 'de', texts })).rejects.toThrow(/refusing to send secret field code/);
    expect(standIn.requests).toHaveLength(0);
  });

  it('maps a refused key to 502 and says so in the log', async () => {
    const error = await appError(translator(provider, { apiKey: 'wrong-key-123' }).translateBatch({ source: 'en', target: 'de', texts: [plain('a', 'Door')] }));
    expect(error.status).toBe(502);
    expect(error.message).toBe('The translation service did not answer. Try again later.');
    expect(logLines.at(-1)).toContain('refused the API key');
  });

  it('maps a 429 to 503 with a wait, and a 5xx to 502', async () => {
    standIn.failWith = { status: 429, retryAfter: 120 };
    const busy = await appError(translator(provider).translateBatch({ source: 'en', target: 'de', texts: [plain('a', 'Door')] }));
    expect(busy.status).toBe(503);
    expect(busy.message).toBe(messages.translate.busy(2));
    expect(busy.headers['retry-after']).toBe('120');
    standIn.failWith = { status: 500 };
    const broken = await appError(translator(provider).translateBatch({ source: 'en', target: 'de', texts: [plain('a', 'Door')] }));
    expect(broken.status).toBe(502);
    expect(broken.message).toBe(messages.translate.noAnswer);
  });

  it('gives up on a slow service after the timeout with 502', async () => {
    standIn.delayMs = Infinity;
    const error = await appError(translator(provider, { timeoutMs: 300 }).translateBatch({ source: 'en', target: 'de', texts: [plain('a', 'Door')] }));
    expect(error.status).toBe(502);
    expect(error.message).toBe(messages.translate.noAnswer);
    // Its own timeout gave up, not a later one (the stand-in never answers).
    expect(logLines.at(-1)).toContain('no answer within 300 ms');
  });
});

describe('LibreTranslate', () => {
  it('sends q as an array, ISO codes, the format and the key in the body', async () => {
    await translator('libretranslate').translateBatch({ source: 'en', target: 'pt', texts: [html('a', '<p>Door</p>')] });
    expect(standIn.requests).toHaveLength(1);
    expect(standIn.requests[0]!.path).toBe('/translate');
    expect(standIn.requests[0]!.body).toEqual({ q: ['<p>Door</p>'], source: 'en', target: 'pt', format: 'html', api_key: KEY });
  });

  it('passes on that an instance lacks a language as a clear 400', async () => {
    for (const [source, target] of [['en', 'hr'], ['hr', 'en']]) {
      const error = await appError(translator('libretranslate').translateBatch({ source: source!, target: target!, texts: [plain('a', 'Door')] }));
      expect(error.status).toBe(400);
      expect(error.message).toBe('Machine translation cannot translate Croatian.');
    }
  });

  it('keeps batches within 10,000 characters', async () => {
    const texts = Array.from({ length: 5 }, (_, index) => plain(`t${index}`, 'a'.repeat(4_000)));
    const result = await translator('libretranslate').translateBatch({ source: 'en', target: 'de', texts });
    expect(result.translated.size).toBe(5);
    expect(standIn.requests.map((request) => (request.body.q as unknown[]).length)).toEqual([2, 2, 1]);
  });
});

describe('DeepL', () => {
  it('sends the key as DeepL-Auth-Key only, variant target codes, and HTML handling for rich text', async () => {
    const client = translator('deepl');
    await client.translateBatch({ source: 'de', target: 'en', texts: [plain('a', 'Tür'), html('b', `<p>Tür ${LOCKBOX_MARKER}</p>`)] });
    await client.translateBatch({ source: 'en', target: 'pt', texts: [plain('a', 'Door')] });
    const [text, rich, portuguese] = standIn.requests;
    expect(text!.path).toBe('/v2/translate');
    expect(text!.headers.authorization).toBe(`DeepL-Auth-Key ${KEY}`);
    expect(text!.body).toEqual({ text: ['Tür'], source_lang: 'DE', target_lang: 'EN-GB' });
    expect(rich!.body).toEqual({ text: ['<p>Tür <x-m id="1"></x-m></p>'], source_lang: 'DE', target_lang: 'EN-GB', tag_handling: 'html', ignore_tags: ['x-m'] });
    expect(portuguese!.body).toMatchObject({ source_lang: 'EN', target_lang: 'PT-PT' });
    expect(standIn.requests.every((request) => !request.raw.includes(KEY))).toBe(true);
  });

  it('refuses Croatian before any request', async () => {
    const error = await appError(translator('deepl').translateBatch({ source: 'en', target: 'hr', texts: [plain('a', 'Door')] }));
    expect(error.status).toBe(400);
    expect(error.message).toBe('Machine translation cannot translate Croatian.');
    expect(standIn.requests).toHaveLength(0);
  });

  it('keeps each request body within 128 KiB, and reports a text too long for any', async () => {
    const texts = Array.from({ length: 20 }, (_, index) => plain(`t${index}`, `${index} ${'word '.repeat(1_800)}`));
    const result = await translator('deepl').translateBatch({ source: 'en', target: 'de', texts: [...texts, plain('huge', 'x'.repeat(130 * 1024))] });
    expect(result.failed.get('huge')?.reason).toBe('too-long');
    expect(result.translated.size).toBe(20);
    expect(standIn.requests.length).toBe(2);
    for (const request of standIn.requests) expect(Buffer.byteLength(request.raw)).toBeLessThanOrEqual(128 * 1024);
  });

  it('maps 456 (quota used up) to 503 with its own message', async () => {
    standIn.failWith = { status: 456 };
    const error = await appError(translator('deepl').translateBatch({ source: 'en', target: 'de', texts: [plain('a', 'Door')] }));
    expect(error.status).toBe(503);
    expect(error.message).toBe(messages.translate.quota);
  });
});

describe('the outbound request', () => {
  it('never follows a redirect', async () => {
    const redirector = http.createServer((_req, res) => {
      res.writeHead(307, { location: `${standIn.url}/v2/translate` });
      res.end();
    });
    await new Promise<void>((resolve) => redirector.listen(0, '127.0.0.1', resolve));
    const { port } = redirector.address() as { port: number };
    try {
      const config = parseConfig({ TRANSLATE_URL: `http://127.0.0.1:${port}`, TRANSLATE_PROVIDER: 'deepl', TRANSLATE_API_KEY: KEY });
      const error = await appError(machineTranslation(config, log)!.translateBatch({ source: 'en', target: 'de', texts: [plain('a', 'Door')] }));
      expect(error.status).toBe(502);
      expect(logLines.at(-1)).toMatch(/unexpected redirect.*could not be reached/);
      expect(standIn.requests).toHaveLength(0);
    } finally {
      redirector.closeAllConnections();
      await new Promise((resolve) => redirector.close(resolve));
    }
  });

  it('reads at most 1 MiB of an answer', async () => {
    const flood = http.createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(`{"translations":[{"text":"${'a'.repeat(2 * 1024 * 1024)}"}]}`);
    });
    await new Promise<void>((resolve) => flood.listen(0, '127.0.0.1', resolve));
    const { port } = flood.address() as { port: number };
    try {
      const config = parseConfig({ TRANSLATE_URL: `http://127.0.0.1:${port}`, TRANSLATE_PROVIDER: 'deepl', TRANSLATE_API_KEY: KEY });
      const error = await appError(machineTranslation(config, log)!.translateBatch({ source: 'en', target: 'de', texts: [plain('a', 'Door')] }));
      expect(error.status).toBe(502);
    } finally {
      flood.closeAllConnections();
      await new Promise((resolve) => flood.close(resolve));
    }
  });

  it('keeps the key out of every log line, even when the service repeats it', async () => {
    standIn.failWith = { status: 400, message: `Bad request for key ${KEY}` };
    const error = await appError(translator('deepl').translateBatch({ source: 'en', target: 'de', texts: [plain('a', 'Door')] }));
    expect(error.status).toBe(502);
    expect(logLines.at(-1)).toContain('[redacted]');
    expect(String(error.cause)).not.toContain(KEY);
    // Every line written by every test of this file.
    expect(logLines.length).toBeGreaterThan(0);
    for (const line of logLines) {
      expect(line).not.toContain(KEY);
      expect(line).not.toContain('wrong-key-123');
    }
  });
});
