import http from 'node:http';

/**
 * An OpenAI-compatible Chat Completions server on loopback (docs/decisions/031 §16,
 * docs/testing.md): `POST /v1/chat/completions` without streaming, as the official `openai` SDK
 * calls it, so the server's real client path is what tests drive. It checks the bearer key, records
 * every request (tests search the raw bodies for what must never be sent), and answers as
 * `behaviour` says, reading the passages from the user message the way a model would see them.
 */
export type Behaviour =
  /** Cites the first passage it was sent, with a plain sentence naming it. */
  | 'answer'
  /** Cites `p999`, never sent. */
  | 'unknown-source'
  /** An empty answer: "not in the passages". */
  | 'empty'
  /** Returns the question as the answer, citing the first passage. */
  | 'echo'
  /** Returns `leak` (a door code, a password) as the answer, citing the first passage. */
  | 'leak'
  /** Returns `say` as the answer, citing the first passage: a model that obeyed an injection. */
  | 'say'
  | 'html'
  | 'link'
  /** Answers in a ```json fence, as some servers do. */
  | 'fenced'
  | 'not-json'
  /** `finish_reason: length`. */
  | 'length'
  /** Never answers (the client's timeout). */
  | 'timeout'
  /** 500 with an error body. */
  | 'fail'
  /** 429 with an error body. */
  | 'rate-limited'
  /** A 302 to another path. */
  | 'redirect'
  /** A 2 MB body. */
  | 'huge';

export interface ModelRequest {
  path: string;
  headers: http.IncomingHttpHeaders;
  /** The body as received. */
  raw: string;
  body: { model?: string; messages?: { role: string; content: string }[]; [key: string]: unknown };
}

export interface AssistantStandIn {
  /** ASSISTANT_URL: `http://127.0.0.1:port/v1`. */
  url: string;
  apiKey: string;
  requests: ModelRequest[];
  behaviour: Behaviour;
  /** What `leak` answers. */
  leak: string;
  /** What `say` answers. */
  say: string;
  /** Delay before answering, in ms (the bench's stand-in answers at once). */
  delayMs: number;
  reset(): void;
  close(): Promise<void>;
}

interface SentPassage {
  id: string;
  section: string;
  text: string;
}

/** The passages and question of the user message, as a model reads them. */
function dataOf(body: ModelRequest['body']): { question: string; passages: SentPassage[] } {
  try {
    const user = body.messages?.find((message) => message.role === 'user')?.content ?? '{}';
    const data = JSON.parse(user) as { question?: string; passages?: SentPassage[] };
    return { question: data.question ?? '', passages: data.passages ?? [] };
  } catch {
    return { question: '', passages: [] };
  }
}

/** The model's content for `behaviour`, with its finish reason. */
function contentOf(standIn: AssistantStandIn, body: ModelRequest['body']): { content: string; finish: string } {
  const { question, passages } = dataOf(body);
  const first = passages[0];
  const cite = first ? [first.id] : [];
  const json = (answer: string, sourceIds = cite) => JSON.stringify({ answer, sourceIds });
  const named = `The guidebook covers this under ${first?.section ?? 'its sections'}.`;
  switch (standIn.behaviour) {
    case 'unknown-source': return { content: json(named, ['p999']), finish: 'stop' };
    case 'empty': return { content: json('', []), finish: 'stop' };
    case 'echo': return { content: json(question), finish: 'stop' };
    case 'leak': return { content: json(`The code is ${standIn.leak}.`), finish: 'stop' };
    case 'say': return { content: json(standIn.say), finish: 'stop' };
    case 'html': return { content: json(`<b>Look</b> under ${first?.section ?? ''}<img src=x onerror=alert(1)>`), finish: 'stop' };
    case 'link': return { content: json(`Read [the guide](https://evil.example/x) or visit www.example.net.`), finish: 'stop' };
    case 'fenced': return { content: `\`\`\`json\n${json(named)}\n\`\`\``, finish: 'stop' };
    case 'not-json': return { content: named, finish: 'stop' };
    case 'length': return { content: json(named).slice(0, 20), finish: 'length' };
    default: return { content: json(named), finish: 'stop' };
  }
}

function completion(model: string, content: string, finish: string): string {
  return JSON.stringify({
    id: 'chatcmpl-standin',
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model,
    choices: [{ index: 0, message: { role: 'assistant', content, refusal: null }, finish_reason: finish, logprobs: null }],
    usage: { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 },
  });
}

function answer(standIn: AssistantStandIn, request: ModelRequest, res: http.ServerResponse): void {
  const send = (status: number, text: string, headers: Record<string, string> = {}): void => {
    res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(text);
  };
  if (request.headers.authorization !== `Bearer ${standIn.apiKey}`) return send(401, JSON.stringify({ error: { message: 'Incorrect API key provided', type: 'invalid_request_error' } }));
  if (request.path !== '/v1/chat/completions') return send(404, JSON.stringify({ error: { message: 'Not found' } }));
  switch (standIn.behaviour) {
    case 'timeout': return; // never answers; the client gives up
    case 'fail': return send(500, JSON.stringify({ error: { message: 'The server had an error', type: 'server_error' } }));
    case 'rate-limited': return send(429, JSON.stringify({ error: { message: 'Rate limit reached', type: 'rate_limit_error' } }), { 'retry-after': '1' });
    case 'redirect': return send(302, '', { location: `http://127.0.0.1:1/v1/chat/completions` });
    case 'huge': return send(200, JSON.stringify({ padding: 'x'.repeat(2 * 1024 * 1024) }));
  }
  const { content, finish } = contentOf(standIn, request.body);
  send(200, completion(String(request.body.model ?? ''), content, finish));
}

/** `record: false` keeps no request (the bench's and a long-running CLI's). */
export async function startAssistantStandIn({ port = 0, apiKey = 'sk-standin-key-0451', record = true }: { port?: number; apiKey?: string; record?: boolean } = {}): Promise<AssistantStandIn> {
  const standIn: AssistantStandIn = {
    url: '',
    apiKey,
    requests: [],
    behaviour: 'answer',
    leak: '',
    say: '',
    delayMs: 0,
    reset() {
      standIn.requests.length = 0;
      standIn.behaviour = 'answer';
      standIn.leak = '';
      standIn.say = '';
      standIn.delayMs = 0;
    },
    close: async () => {},
  };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      let body: ModelRequest['body'] = {};
      try {
        body = JSON.parse(raw) as ModelRequest['body'];
      } catch {
        // recorded as sent
      }
      const request = { path: (req.url ?? '').split('?')[0]!, headers: req.headers, raw, body };
      if (record) standIn.requests.push(request);
      if (standIn.delayMs > 0) setTimeout(() => answer(standIn, request, res), standIn.delayMs);
      else answer(standIn, request, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const address = server.address() as { port: number };
  standIn.url = `http://127.0.0.1:${address.port}/v1`;
  standIn.close = () =>
    new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return standIn;
}
