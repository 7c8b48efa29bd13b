import { advanceToPeriodEnd, endDuePeriods, expirePendingUpdates, failRenewal, itemOfSubscription, payOpenInvoice } from './billing.ts';
import { completeCheckoutSession, expireCheckoutSession } from './checkout.ts';
import { completeOnboarding, setAccount } from './connect.ts';
import type { FailRule, RecordedCall, SignatureMode } from './control.ts';
import { ApiError, invalid } from './errors.ts';
import type { SubscriptionStatus } from './objects.ts';
import { payCheckoutSession } from './payments.ts';
import { dispatch, type WebhookSender } from './webhooks.ts';
import type { World } from './world.ts';

/** Test-only routes under `/__control/`: JSON in and out, no API key. */
export interface ControlContext {
  world: World;
  webhooks: WebhookSender;
  /** Where Connect events go, signed with the Connect secret. */
  connectWebhooks: WebhookSender;
  calls: RecordedCall[];
  failRules: Array<Required<FailRule>>;
  /** Drops everything the server keeps beside the world (idempotency keys, fail rules, calls). */
  resetServer(): void;
}

export interface ControlAnswer {
  status: number;
  body: unknown;
}

const SIGNATURE_MODES = new Set(['valid', 'wrong-secret', 'stale', 'tampered']);
const STATUSES = new Set(['active', 'trialing', 'past_due', 'unpaid', 'canceled', 'incomplete', 'incomplete_expired', 'paused']);

type Body = Record<string, unknown>;
type ControlHandler = (ctx: ControlContext, body: Body, id: string, query: URLSearchParams) => unknown;

/** Handlers that change state answer once the events they caused have been delivered. */
async function withDeliveries(ctx: ControlContext, answer: Body): Promise<Body> {
  return { ...answer, deliveries: await dispatch(ctx.webhooks, ctx.connectWebhooks, ctx.world.takeOutbox()) };
}

function setSubscription(ctx: ControlContext, body: Body, id: string): Promise<Body> {
  const { world } = ctx;
  const subscription = world.subscription(id);
  const before = structuredClone(subscription);
  const item = itemOfSubscription(subscription);
  if (body['status'] !== undefined) {
    if (typeof body['status'] !== 'string' || !STATUSES.has(body['status'])) throw invalid(`Unknown status ${String(body['status'])}`, 'status');
    subscription.status = body['status'] as SubscriptionStatus;
  }
  if (body['current_period_end'] !== undefined) {
    if (typeof body['current_period_end'] !== 'number') throw invalid('current_period_end must be unix seconds', 'current_period_end');
    item.current_period_end = body['current_period_end'];
  }
  if (body['cancel_at_period_end'] !== undefined) {
    const cancel = body['cancel_at_period_end'] === true;
    subscription.cancel_at_period_end = cancel;
    subscription.cancel_at = cancel ? item.current_period_end : null;
    subscription.canceled_at = cancel ? (subscription.canceled_at ?? world.now()) : null;
  }
  if (body['emit'] !== undefined) {
    if (body['emit'] !== 'customer.subscription.updated') throw invalid('emit can only be customer.subscription.updated', 'emit');
    world.emit('customer.subscription.updated', subscription, before);
  }
  return withDeliveries(ctx, { subscription });
}

function setEndpoint(sender: WebhookSender, body: Body): { url: string | null; hold: boolean } {
  if (body['url'] !== undefined) sender.url = typeof body['url'] === 'string' && body['url'] ? body['url'] : undefined;
  if (body['hold'] !== undefined) sender.hold = body['hold'] === true;
  return { url: sender.url ?? null, hold: sender.hold };
}

const ROUTES: Array<[string, RegExp, ControlHandler]> = [
  ['GET', /^\/health$/, (ctx) => ({ ok: true, url: ctx.world.baseUrl })],
  ['GET', /^\/state$/, (ctx) => ({
    ...ctx.world.snapshot(),
    webhook: { url: ctx.webhooks.url ?? null, hold: ctx.webhooks.hold },
    deliveries: ctx.webhooks.log,
    connectWebhook: { url: ctx.connectWebhooks.url ?? null, hold: ctx.connectWebhooks.hold },
    connectDeliveries: ctx.connectWebhooks.log,
  })],
  ['GET', /^\/calls$/, (ctx) => ctx.calls],
  ['POST', /^\/calls\/reset$/, (ctx) => {
    ctx.calls.length = 0;
    return { ok: true };
  }],
  ['POST', /^\/webhook$/, (ctx, body) => setEndpoint(ctx.webhooks, body)],
  ['POST', /^\/connect-webhook$/, (ctx, body) => setEndpoint(ctx.connectWebhooks, body)],
  ['GET', /^\/events$/, (ctx, _body, _id, query) => {
    const type = query.get('type');
    return ctx.world.events.filter((event) => !type || event.type === type);
  }],
  ['POST', /^\/events\/([^/]+)\/deliver$/, async (ctx, body, id) => {
    const event = ctx.world.events.find((candidate) => candidate.id === id);
    if (!event) throw new ApiError(404, 'invalid_request_error', `No such event: '${id}'`, 'id', 'resource_missing');
    const mode = body['signature'] ?? 'valid';
    if (typeof mode !== 'string' || !SIGNATURE_MODES.has(mode)) throw invalid(`signature must be one of ${[...SIGNATURE_MODES].join(', ')}`, 'signature');
    return (event.account ? ctx.connectWebhooks : ctx.webhooks).send(event, mode as SignatureMode);
  }],
  ['POST', /^\/checkout\/sessions\/([^/]+)\/complete$/, (ctx, body, id) => {
    const outcome = body['outcome'] ?? 'paid';
    if (outcome !== 'paid' && outcome !== 'unpaid') throw invalid('outcome must be paid or unpaid', 'outcome');
    const session = ctx.world.session(id);
    const subscription = completeCheckoutSession(ctx.world, session, outcome);
    return withDeliveries(ctx, { session, subscription });
  }],
  ['POST', /^\/checkout\/sessions\/([^/]+)\/pay$/, (ctx, _body, id) => {
    const session = ctx.world.session(id);
    const paymentIntent = payCheckoutSession(ctx.world, session);
    return withDeliveries(ctx, { session, paymentIntent });
  }],
  ['POST', /^\/checkout\/sessions\/([^/]+)\/expire$/, (ctx, _body, id) => {
    const session = expireCheckoutSession(ctx.world, ctx.world.session(id));
    return withDeliveries(ctx, { session });
  }],
  ['POST', /^\/accounts\/([^/]+)\/complete-onboarding$/, (ctx, _body, id) => {
    const account = completeOnboarding(ctx.world, ctx.world.account(id));
    return withDeliveries(ctx, { account });
  }],
  ['POST', /^\/accounts\/([^/]+)\/set$/, (ctx, body, id) => {
    const account = setAccount(ctx.world, ctx.world.account(id), body);
    return withDeliveries(ctx, { account });
  }],
  ['POST', /^\/customers\/([^/]+)\/card$/, (ctx, body, id) => {
    ctx.world.customer(id);
    if (typeof body['declines'] !== 'boolean') throw invalid('declines must be a boolean', 'declines');
    if (body['declines']) ctx.world.decliningCustomers.add(id);
    else ctx.world.decliningCustomers.delete(id);
    return { customer: id, declines: body['declines'] };
  }],
  ['POST', /^\/subscriptions\/([^/]+)\/fail-invoice$/, (ctx, _body, id) => {
    const subscription = ctx.world.subscription(id);
    const invoice = failRenewal(ctx.world, subscription);
    return withDeliveries(ctx, { subscription, invoice });
  }],
  ['POST', /^\/subscriptions\/([^/]+)\/pay-invoice$/, (ctx, _body, id) => {
    const subscription = ctx.world.subscription(id);
    const invoice = payOpenInvoice(ctx.world, subscription);
    return withDeliveries(ctx, { subscription, invoice });
  }],
  ['POST', /^\/subscriptions\/([^/]+)\/advance-to-period-end$/, (ctx, _body, id) => {
    const subscription = ctx.world.subscription(id);
    advanceToPeriodEnd(ctx.world, subscription);
    return withDeliveries(ctx, { subscription, now: ctx.world.now() });
  }],
  ['POST', /^\/subscriptions\/([^/]+)\/set$/, setSubscription],
  ['POST', /^\/clock\/advance$/, (ctx, body) => {
    const seconds = body['seconds'];
    if (typeof seconds !== 'number' || !Number.isFinite(seconds) || seconds < 0) throw invalid('seconds must be a non-negative number', 'seconds');
    ctx.world.clockOffset += Math.round(seconds);
    expirePendingUpdates(ctx.world);
    if (ctx.world.periodSeconds !== undefined) endDuePeriods(ctx.world);
    return withDeliveries(ctx, { now: ctx.world.now() });
  }],
  ['POST', /^\/fail-next$/, (ctx, body) => {
    const { method, pathPattern, status, times } = body;
    if (typeof method !== 'string' || typeof pathPattern !== 'string' || typeof status !== 'number') {
      throw invalid('fail-next needs { method, pathPattern, status, times? }');
    }
    // Compiled now so that a bad pattern is a 400 here rather than a crash on the next REST call.
    void new RegExp(pathPattern);
    ctx.failRules.push({ method: method.toUpperCase(), pathPattern, status, times: typeof times === 'number' ? times : 1 });
    return { ok: true, rules: ctx.failRules };
  }],
  ['POST', /^\/reset$/, (ctx) => {
    ctx.world.reset();
    ctx.resetServer();
    return { ok: true };
  }],
];

export async function handleControl(ctx: ControlContext, method: string, path: string, query: URLSearchParams, rawBody: string): Promise<ControlAnswer> {
  let body: Body = {};
  try {
    const parsed: unknown = rawBody ? JSON.parse(rawBody) : {};
    if (parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed)) body = parsed as Body;
  } catch {
    return { status: 400, body: invalid('The control routes take a JSON object').toJSON() };
  }
  const route = path.slice('/__control'.length);
  const restore = ctx.world.checkpoint();
  try {
    for (const [routeMethod, pattern, handler] of ROUTES) {
      const match = pattern.exec(route);
      if (match && routeMethod === method) return { status: 200, body: await handler(ctx, body, decodeURIComponent(match[1] ?? ''), query) };
    }
    return { status: 404, body: invalid(`No control route ${method} ${path}`).toJSON() };
  } catch (error) {
    restore();
    if (error instanceof ApiError) return { status: error.status, body: error.toJSON() };
    if (error instanceof SyntaxError) return { status: 400, body: invalid(error.message).toJSON() };
    throw error;
  }
}
