import http from 'node:http';
import { endDuePeriods, payOpenInvoice } from './billing.ts';
import { followOnboardingLink } from './connect.ts';
import { handleControl, type ControlContext } from './control-routes.ts';
import { StandInControl, type FailRule, type RecordedCall } from './control.ts';
import { ApiError, invalid } from './errors.ts';
import { escapeHtml } from '../../../src/lib/shared/escape-html.ts';
import { decodeForm } from './form.ts';
import { newId, randomToken, type PriceConfig } from './objects.ts';
import { payCheckoutSession } from './payments.ts';
import { handleRest } from './routes.ts';
import { dispatch, WebhookSender } from './webhooks.ts';
import { API_VERSION, World } from './world.ts';

/**
 * A stateful stand-in for Stripe's REST API on loopback, enough of it for our billing integration,
 * reached by the real SDK through `new Stripe(key, { host: '127.0.0.1', port, protocol: 'http' })`.
 * Object shapes follow the SDK's d.ts at API 2026-10-28.endive; test-only control routes under
 * `/__control/` complete checkouts, decline cards, move the clock and deliver signed webhooks.
 * It also speaks Connect: connected accounts, onboarding behind account links, destination charges
 * through payment-mode Checkout, and Connect events sent to an endpoint of their own.
 */
export interface StandInOptions {
  /** 0 or unset: a free port. */
  port?: number;
  secretKey: string;
  webhookSecret: string;
  webhookUrl?: string;
  /**
   * Connect events (`account` set) are signed with this and sent to `connectWebhookUrl`, as Stripe
   * does for a platform's Connect endpoint. Unset: a random secret, so that a receiver that checks
   * Connect events with the platform secret fails as it would in production.
   */
  connectWebhookSecret?: string;
  connectWebhookUrl?: string;
  prices: PriceConfig[];
  /** A billing period lasts this many seconds instead of a month or year, and ends by itself. */
  periodSeconds?: number;
}

export interface StripeStandIn {
  url: string;
  port: number;
  control: StandInControl;
  /** Every REST call, in order; the same array the control route `calls` answers. */
  calls: RecordedCall[];
  /** The secret Connect events are signed with (the option, or the random one made in its place). */
  connectWebhookSecret: string;
  setWebhookUrl(url: string): void;
  setConnectWebhookUrl(url: string): void;
  stop(): Promise<void>;
}

export { API_VERSION };
export type { PriceConfig };

const MAX_BODY_BYTES = 1_000_000;

interface StoredAnswer {
  fingerprint: string;
  status: number;
  body: unknown;
}

function readBody(req: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) reject(new Error('request body too large'));
      else chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function header(req: http.IncomingMessage, name: string): string | null {
  const value = req.headers[name];
  return (Array.isArray(value) ? value[0] : value) ?? null;
}

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head><body><h1>${escapeHtml(title)}</h1>${body}</body></html>`;
}

/** The key a request authenticates with: Bearer, or Basic with the key as user name (both are Stripe's). */
function apiKeyOf(authorization: string | null): string | null {
  if (!authorization) return null;
  if (authorization.startsWith('Bearer ')) return authorization.slice('Bearer '.length).trim();
  if (authorization.startsWith('Basic ')) return Buffer.from(authorization.slice('Basic '.length), 'base64').toString('utf8').split(':')[0] ?? '';
  return '';
}

export async function startStripeStandIn(options: StandInOptions): Promise<StripeStandIn> {
  const world = new World({ prices: options.prices, periodSeconds: options.periodSeconds });
  const webhooks = new WebhookSender(options.webhookSecret, options.webhookUrl);
  const connectWebhookSecret = options.connectWebhookSecret ?? `whsec_connect_${randomToken(24)}`;
  const connectWebhooks = new WebhookSender(connectWebhookSecret, options.connectWebhookUrl);
  const ship = () => dispatch(webhooks, connectWebhooks, world.takeOutbox());
  const calls: RecordedCall[] = [];
  const failRules: Array<Required<FailRule>> = [];
  const answered = new Map<string, StoredAnswer>();
  const ctx: ControlContext = {
    world,
    webhooks,
    connectWebhooks,
    calls,
    failRules,
    resetServer: () => {
      answered.clear();
      failRules.length = 0;
      calls.length = 0;
    },
  };

  function send(res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
    res.writeHead(status, { 'content-type': 'application/json', ...headers });
    res.end(JSON.stringify(body, null, 2));
  }

  function rest(req: http.IncomingMessage, res: http.ServerResponse, url: URL, rawBody: string): void {
    const method = req.method ?? 'GET';
    const path = url.pathname;
    const raw = method === 'GET' || method === 'DELETE' ? url.search.slice(1) : rawBody;
    const idempotencyKey = header(req, 'idempotency-key');
    const stripeVersion = header(req, 'stripe-version');
    const requestId = newId('req');
    const call: RecordedCall = { method, path, params: decodeForm(raw), idempotencyKey, stripeVersion, status: 0, replayed: false, at: world.now() };
    calls.push(call);
    const reply = (status: number, body: unknown, extra: Record<string, string> = {}) => {
      call.status = status;
      const headers: Record<string, string> = { 'request-id': requestId, 'stripe-version': API_VERSION, ...extra };
      if (idempotencyKey) headers['idempotency-key'] = idempotencyKey;
      send(res, status, body, headers);
    };
    const fail = (error: ApiError) => reply(error.status, error.toJSON());

    const key = apiKeyOf(header(req, 'authorization'));
    if (key === null) {
      return fail(new ApiError(401, 'invalid_request_error', "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY')."));
    }
    if (key !== options.secretKey) {
      return fail(new ApiError(401, 'invalid_request_error', `Invalid API Key provided: ${key.slice(0, 8)}${'*'.repeat(Math.max(0, key.length - 12))}${key.slice(-4)}`, undefined, 'api_key_invalid'));
    }
    if (stripeVersion !== API_VERSION) {
      return fail(invalid(`Invalid Stripe API version: ${stripeVersion ?? '(none)'}. The stand-in speaks ${API_VERSION} only: set the SDK's apiVersion to it.`));
    }
    // Direct charges and calls made as a connected account are not modelled; acting as the platform instead would answer wrongly.
    if (header(req, 'stripe-account') !== null) {
      return fail(invalid('The stand-in does not act as a connected account (Stripe-Account header): it speaks destination charges made by the platform only.'));
    }
    const rule = failRules.find((candidate) => (candidate.method === '*' || candidate.method === method) && new RegExp(candidate.pathPattern).test(path));
    if (rule) {
      rule.times -= 1;
      if (rule.times <= 0) failRules.splice(failRules.indexOf(rule), 1);
      return fail(new ApiError(rule.status, 'api_error', `Injected failure (${rule.status}) for ${method} ${path}.`));
    }
    const fingerprint = `${method} ${path} ${raw}`;
    const stored = method === 'POST' && idempotencyKey ? answered.get(idempotencyKey) : undefined;
    if (stored) {
      if (stored.fingerprint !== fingerprint) {
        return fail(
          new ApiError(
            400,
            'idempotency_error',
            `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
          ),
        );
      }
      call.replayed = true;
      return reply(stored.status, stored.body, { 'idempotent-replayed': 'true' });
    }

    world.request = { id: requestId, idempotency_key: idempotencyKey };
    const restore = world.checkpoint();
    let status = 200;
    let body: unknown;
    try {
      body = handleRest(world, method, path, call.params as ReturnType<typeof decodeForm>);
    } catch (error) {
      restore();
      if (!(error instanceof ApiError)) throw error;
      status = error.status;
      body = error.toJSON();
    } finally {
      world.request = { id: null, idempotency_key: null };
    }
    // Only a success is remembered: a refused or failed request may be retried with the same key.
    if (method === 'POST' && idempotencyKey && status === 200) answered.set(idempotencyKey, { fingerprint, status, body });
    reply(status, body);
    // Sent after the answer, in order, as Stripe does; awaited by nobody.
    void ship();
  }

  /**
   * The Stripe-hosted pages a Connect flow passes through, reduced to a button each so that a
   * Playwright test can click through: onboarding (account link), the Express Dashboard (login
   * link) and hosted Checkout. Answers false for any other path.
   */
  async function connectPages(req: http.IncomingMessage, res: http.ServerResponse, url: URL): Promise<boolean> {
    const html = (status: number, text: string) => {
      res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
      res.end(text);
      return true;
    };
    const redirect = (location: string) => {
      res.writeHead(303, { location });
      res.end();
      return true;
    };
    const onboarding = /^\/connect\/onboarding\/([^/]+)(\/finish)?$/.exec(url.pathname);
    if (onboarding) {
      const finishing = Boolean(onboarding[2]);
      if (finishing !== (req.method === 'POST')) return html(405, page('Method not allowed', ''));
      const followed = followOnboardingLink(world, onboarding[1] ?? '', finishing);
      await ship();
      if (!followed) return html(404, page('Not found', '<p>No such account link.</p>'));
      if (followed.redirect) return redirect(followed.redirect);
      const { link } = followed;
      return html(
        200,
        page(
          'Connect onboarding (stand-in)',
          `<p>Account <span id="account">${escapeHtml(link.account)}</span></p>` +
            `<form method="post" action="/connect/onboarding/${escapeHtml(link.token)}/finish"><button type="submit">Finish onboarding</button></form>` +
            `<p><a href="${escapeHtml(link.return_url)}">Return without finishing</a></p>`,
        ),
      );
    }
    const dashboard = /^\/connect\/dashboard\/([^/]+)\/[^/]+$/.exec(url.pathname);
    if (dashboard && req.method === 'GET') {
      const account = world.accounts.get(dashboard[1] ?? '');
      if (!account) return html(404, page('Not found', '<p>No such account.</p>'));
      const flags = (['charges_enabled', 'payouts_enabled', 'details_submitted'] as const).map((key) => `<li>${key}: <span id="${key}">${String(account[key])}</span></li>`);
      return html(200, page('Express Dashboard (stand-in)', `<p>Account <span id="account">${escapeHtml(account.id)}</span></p><ul>${flags.join('')}</ul>`));
    }
    const checkout = /^\/checkout\/([^/]+)(\/pay)?$/.exec(url.pathname);
    if (!checkout) return false;
    const session = world.sessions.get(checkout[1] ?? '');
    if (!session || session.ui_mode !== 'hosted_page') return html(404, page('Not found', '<p>No such Checkout page.</p>'));
    if (checkout[2] && req.method === 'POST') {
      try {
        payCheckoutSession(world, session);
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        return html(error.status, page('Payment failed', `<p id="error">${escapeHtml(error.message)}</p>`));
      }
      await ship();
      return redirect(session.success_url ? session.success_url.replaceAll('{CHECKOUT_SESSION_ID}', session.id) : `/checkout/${session.id}`);
    }
    const amount = `${(session.amount_total / 100).toFixed(2)} ${session.currency.toUpperCase()}`;
    const pay = session.status === 'open' ? `<form method="post" action="/checkout/${session.id}/pay"><button type="submit">Pay ${amount}</button></form>` : '';
    const cancel = session.status === 'open' && session.cancel_url ? `<p><a href="${escapeHtml(session.cancel_url)}">Cancel</a></p>` : '';
    return html(200, page('Checkout (stand-in)', `<p>Total: ${amount}</p><p>Status: <span id="status">${session.status}</span></p>${pay}${cancel}`));
  }

  async function pages(req: http.IncomingMessage, res: http.ServerResponse, url: URL): Promise<void> {
    const html = (status: number, text: string) => {
      res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
      res.end(text);
    };
    const portal = /^\/portal\/([^/]+)$/.exec(url.pathname);
    if (portal && req.method === 'GET') {
      const session = world.portalSessions.get(portal[1] ?? '');
      if (!session) return html(404, page('Not found', '<p>No such portal session.</p>'));
      const back = session.return_url ? `<p><a href="${escapeHtml(session.return_url)}">Return to the site</a></p>` : '';
      return html(200, page('Customer Portal (stand-in)', `<p>Customer ${escapeHtml(session.customer)}</p>${back}`));
    }
    const connect = await connectPages(req, res, url);
    if (connect) return undefined;
    const invoiceMatch = /^\/invoice\/([^/]+)(\/pay)?$/.exec(url.pathname);
    const invoice = invoiceMatch ? world.invoices.get(invoiceMatch[1] ?? '') : undefined;
    if (!invoiceMatch || !invoice) return html(404, page('Not found', '<p>No such page.</p>'));
    if (invoiceMatch[2] && req.method === 'POST') {
      const subscription = world.subscriptions.get(invoice.parent.subscription_details.subscription);
      if (subscription && invoice.status === 'open') payOpenInvoice(world, subscription, invoice.id);
      await ship();
      res.writeHead(303, { location: `/invoice/${invoice.id}` });
      res.end();
      return undefined;
    }
    const amount = `€${(invoice.amount_due / 100).toFixed(2)}`;
    const pay = invoice.status === 'open' ? `<form method="post" action="/invoice/${invoice.id}/pay"><button type="submit">Pay ${amount}</button></form>` : '';
    return html(200, page(`Invoice ${invoice.number ?? invoice.id}`, `<p>Amount due: ${amount}</p><p>Status: <span id="status">${invoice.status}</span></p>${pay}`));
  }

  const server = http.createServer((req, res) => {
    void (async () => {
      try {
        const url = new URL(req.url ?? '/', 'http://127.0.0.1');
        const rawBody = await readBody(req);
        if (url.pathname.startsWith('/__control/')) {
          const answer = await handleControl(ctx, req.method ?? 'GET', url.pathname, url.searchParams, rawBody);
          return send(res, answer.status, answer.body);
        }
        if (url.pathname.startsWith('/v1/')) return rest(req, res, url, rawBody);
        return await pages(req, res, url);
      } catch (error) {
        if (!res.headersSent) send(res, 500, new ApiError(500, 'api_error', error instanceof Error ? error.message : String(error)).toJSON());
        else res.destroy();
        return undefined;
      }
    })();
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const url = `http://127.0.0.1:${port}`;
  world.baseUrl = url;

  // Periods as short as `periodSeconds` end by themselves, as they would on Stripe.
  const ticker =
    options.periodSeconds === undefined
      ? undefined
      : setInterval(() => {
          endDuePeriods(world);
          void ship();
        }, 1000);
  ticker?.unref();

  return {
    url,
    port,
    control: new StandInControl(url),
    calls,
    connectWebhookSecret,
    setWebhookUrl: (next) => {
      webhooks.url = next;
    },
    setConnectWebhookUrl: (next) => {
      connectWebhooks.url = next;
    },
    stop: () =>
      new Promise<void>((resolve) => {
        if (ticker) clearInterval(ticker);
        webhooks.abort();
        connectWebhooks.abort();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
