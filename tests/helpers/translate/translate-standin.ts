import http from 'node:http';

/**
 * A stand-in for both translation services on loopback, speaking each one's documented API:
 * LibreTranslate's `POST /translate` and `GET /languages`, DeepL's `POST /v2/translate`. It
 * "translates" deterministically (a few words from a table and a `[de] ` prefix) and, like the real
 * services with HTML handling, leaves every tag as it was: LibreTranslate's parser writes an empty
 * element out with its closing tag and the whole answer unescaped, DeepL gives tags back as sent.
 * Every request is recorded (tests assert what was sent), and switches make it misbehave.
 */
export interface RecordedRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  /** The body as received, to search for anything that must never be sent. */
  raw: string;
  body: Record<string, unknown>;
}

export interface TranslateStandIn {
  /** Base URL (`http://127.0.0.1:port`): TRANSLATE_URL for either provider. */
  url: string;
  /** The key both APIs expect; another (or none) answers 403. Undefined: no key needed. */
  apiKey: string | undefined;
  requests: RecordedRequest[];
  /** Answer every translation request with this status and the service's error body. */
  failWith: { status: number; retryAfter?: number; message?: string } | null;
  /** Answer after this long; Infinity never answers (the client's timeout). */
  delayMs: number;
  /** Changes each translation before it is sent back (mangled placeholders, added markup). */
  tamper: ((translated: string, sent: string) => string) | null;
  /** LibreTranslate's installed languages (its `/languages`); others answer 400 "xx is not supported". */
  libreLanguages: string[];
  reset(): void;
  close(): Promise<void>;
}

/** DeepL's documented codes (a subset): sources without variants, targets with them. */
const DEEPL_SOURCES = new Set(['BG', 'CS', 'DA', 'DE', 'EL', 'EN', 'ES', 'ET', 'FI', 'FR', 'HU', 'ID', 'IT', 'JA', 'KO', 'LT', 'LV', 'NB', 'NL', 'PL', 'PT', 'RO', 'RU', 'SK', 'SL', 'SV', 'TR', 'UK', 'ZH']);
const DEEPL_TARGETS = new Set([...[...DEEPL_SOURCES].filter((code) => code !== 'EN' && code !== 'PT'), 'EN-GB', 'EN-US', 'PT-PT', 'PT-BR']);
const DEEPL_MAX_TEXTS = 50;
const DEEPL_MAX_BODY = 128 * 1024;

const WORDS: Record<string, Record<string, string>> = {
  de: { welcome: 'willkommen', door: 'Tür', key: 'Schlüssel', the: 'die', code: 'Code', is: 'ist', in: 'in', box: 'Box', to: 'zu', house: 'Haus' },
  fr: { welcome: 'bienvenue', door: 'porte', key: 'clé', the: 'la', is: 'est', house: 'maison' },
  pt: { welcome: 'bem-vindo', door: 'porta', key: 'chave', the: 'a', house: 'casa' },
};

/** The target's lower-case tag for the prefix: `DE`, `PT-PT` → `de`, `pt`. */
function shortTag(target: string): string {
  return target.toLowerCase().split('-')[0]!;
}

function translateWords(text: string, tag: string): string {
  const table = WORDS[tag] ?? {};
  return text.replace(/[A-Za-z]+/g, (word) => {
    const found = table[word.toLowerCase()];
    if (!found) return word;
    return word[0] === word[0]!.toUpperCase() ? found[0]!.toUpperCase() + found.slice(1) : found;
  });
}

/** Plain text: words and a prefix. HTML: the same inside text between tags, tags left alone. */
function fakeTranslate(text: string, target: string, html: boolean): string {
  const tag = shortTag(target);
  if (!html) return `[${tag}] ${translateWords(text, tag)}`;
  let prefixed = false;
  return text
    .split(/(<[^>]*>)/)
    .map((part) => {
      if (part.startsWith('<') || part.trim() === '') return part;
      const done = translateWords(part, tag);
      if (prefixed) return done;
      prefixed = true;
      return `[${tag}] ${done}`;
    })
    .join('');
}

const VOID = new Set(['br', 'hr', 'img', 'input', 'meta', 'link', 'wbr']);

/**
 * What LibreTranslate does to HTML around the translation (translatehtml): whitespace runs
 * collapsed before parsing, and the tree written back by BeautifulSoup, which writes a void
 * element as `<br/>` and any other empty element with its closing tag (`<x-m id="1"></x-m>`).
 */
function asLibreWritesHtml(html: string): string {
  return html.replace(/<([a-z][\w-]*)([^<>]*?)\s*\/>/gi, (_whole, name: string, attributes: string) => (VOID.has(name.toLowerCase()) ? `<${name}${attributes}/>` : `<${name}${attributes}></${name}>`));
}

/** Python's `' '.join(html.split())`. */
function collapseWhitespace(html: string): string {
  return html.split(/\s+/).filter(Boolean).join(' ');
}

/** Python's html.unescape for the entities that matter here: LibreTranslate unescapes every answer. */
function unescape(text: string): string {
  return text.replace(/&(lt|gt|quot|#39|amp);/g, (_whole, entity: string) => ({ lt: '<', gt: '>', quot: '"', '#39': "'", amp: '&' })[entity]!);
}

/** JSON, as both clients send; a form body (both APIs also take one) as its fields. */
function parseBody(raw: string): Record<string, unknown> {
  try {
    return raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
  } catch {
    return Object.fromEntries(new URLSearchParams(raw));
  }
}

/** `port`: a fixed one (the e2e run's webServer); a free one otherwise. */
export async function startTranslateStandIn({ port = 0 }: { port?: number } = {}): Promise<TranslateStandIn> {
  const hanging = new Set<http.ServerResponse>();
  const standIn: TranslateStandIn = {
    url: '',
    apiKey: undefined,
    requests: [],
    failWith: null,
    delayMs: 0,
    tamper: null,
    libreLanguages: ['en', 'de', 'fr', 'es', 'it', 'pt', 'nl', 'pl', 'cs'],
    reset() {
      this.apiKey = undefined;
      this.requests = [];
      this.failWith = null;
      this.delayMs = 0;
      this.tamper = null;
      this.libreLanguages = ['en', 'de', 'fr', 'es', 'it', 'pt', 'nl', 'pl', 'cs'];
    },
    close: async () => {},
  };

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const body = parseBody(raw);
      const path = new URL(req.url ?? '/', 'http://x').pathname;
      standIn.requests.push({ method: req.method ?? '', path, headers: req.headers, raw, body });
      const send = (status: number, answer: unknown, headers: Record<string, string> = {}) => {
        const reply = () => {
          if (res.destroyed) return;
          res.writeHead(status, { 'content-type': 'application/json', ...headers });
          res.end(JSON.stringify(answer));
        };
        if (standIn.delayMs === Infinity) hanging.add(res);
        else if (standIn.delayMs > 0) setTimeout(reply, standIn.delayMs);
        else reply();
      };
      if (req.method === 'GET' && path === '/languages') {
        return send(200, standIn.libreLanguages.map((code) => ({ code, name: code, targets: standIn.libreLanguages.filter((other) => other !== code) })));
      }
      if (req.method === 'POST' && path === '/translate') return libre(body, raw, send);
      if (req.method === 'POST' && path === '/v2/translate') return deepL(req, body, raw, send);
      return send(404, { error: 'Not Found' });
    });
  });

  type Send = (status: number, answer: unknown, headers?: Record<string, string>) => void;

  function libre(body: Record<string, unknown>, _raw: string, send: Send): void {
    if (standIn.apiKey !== undefined && body.api_key !== standIn.apiKey) return send(403, { error: 'Invalid API key' });
    if (standIn.failWith) {
      const { status, retryAfter, message } = standIn.failWith;
      return send(status, { error: message ?? (status === 429 ? 'Slowdown: 20 per 1 minute' : 'Cannot translate text: failure') }, retryAfter ? { 'retry-after': String(retryAfter) } : {});
    }
    const { q, source, target } = body;
    const format = body.format ?? 'text';
    for (const [name, value] of Object.entries({ q, source, target })) {
      if (!value) return send(400, { error: `Invalid request: missing ${name} parameter` });
    }
    // As LibreTranslate words it: a source by its detection record, a target by its code.
    if (!standIn.libreLanguages.includes(String(source))) return send(400, { error: `{'confidence': 100.0, 'language': '${String(source)}'} is not supported` });
    if (!standIn.libreLanguages.includes(String(target))) return send(400, { error: `${String(target)} is not supported` });
    if (format !== 'text' && format !== 'html') return send(400, { error: `${String(format)} format is not supported` });
    const one = (text: string) => {
      const translated = unescape(format === 'html' ? asLibreWritesHtml(fakeTranslate(collapseWhitespace(text), String(target), true)) : fakeTranslate(text, String(target), false));
      return standIn.tamper ? standIn.tamper(translated, text) : translated;
    };
    if (Array.isArray(q)) return send(200, { translatedText: q.map((text) => one(String(text))) });
    return send(200, { translatedText: one(String(q)) });
  }

  function deepL(req: http.IncomingMessage, body: Record<string, unknown>, raw: string, send: Send): void {
    if (standIn.apiKey !== undefined && req.headers.authorization !== `DeepL-Auth-Key ${standIn.apiKey}`) return send(403, { message: 'Forbidden' });
    if (Buffer.byteLength(raw) > DEEPL_MAX_BODY) return send(413, { message: 'Request Entity Too Large' });
    if (standIn.failWith) {
      const { status, retryAfter, message } = standIn.failWith;
      const said = message ?? (status === 456 ? 'Quota exceeded' : status === 429 ? 'Too many requests' : 'Internal error');
      return send(status, { message: said }, retryAfter ? { 'retry-after': String(retryAfter) } : {});
    }
    const { text, target_lang: target, source_lang: source, tag_handling: tagHandling } = body;
    if (!Array.isArray(text) || text.length === 0) return send(400, { message: "Parameter 'text' not specified." });
    if (text.length > DEEPL_MAX_TEXTS) return send(400, { message: 'Too many texts' });
    if (typeof target !== 'string' || !DEEPL_TARGETS.has(target)) return send(400, { message: "Value for 'target_lang' not supported." });
    if (source !== undefined && (typeof source !== 'string' || !DEEPL_SOURCES.has(source))) return send(400, { message: "Value for 'source_lang' not supported." });
    if (tagHandling !== undefined && tagHandling !== 'html' && tagHandling !== 'xml') return send(400, { message: "Value for 'tag_handling' not supported." });
    const translations = text.map((item) => {
      const translated = fakeTranslate(String(item), target, tagHandling !== undefined);
      return { detected_source_language: typeof source === 'string' ? source : 'EN', text: standIn.tamper ? standIn.tamper(translated, String(item)) : translated };
    });
    return send(200, { translations });
  }

  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const address = server.address();
  standIn.url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  standIn.close = () =>
    new Promise<void>((resolve) => {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return standIn;
}

/** Tampering: the first placeholder of each text dropped. */
export const dropPlaceholder = (translated: string) => translated.replace(/<x-m id="\d+"><\/x-m>/, '');
/** Tampering: the first placeholder of each text written twice. */
export const doublePlaceholder = (translated: string) => translated.replace(/(<x-m id="\d+"><\/x-m>)/, '$1$1');
/** Tampering: the first placeholder's number changed to one that was never sent. */
export const renumberPlaceholder = (translated: string) => translated.replace(/<x-m id="\d+">/, '<x-m id="9">');
/** Tampering: the first placeholder's tag broken ("x-m" translated, as a careless service might). */
export const breakPlaceholder = (translated: string) => translated.replace(/<x-m id="(\d+)"><\/x-m>/, '<x-m id="$1">');
