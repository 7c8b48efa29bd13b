import { changePrice, draftInvoice, fullPriceCharge, itemOfSubscription, prorate, cancelNow, type PriceChange } from './billing.ts';
import { createCheckoutSession, createCustomer, expireCheckoutSession } from './checkout.ts';
import { createAccount, createAccountLink, createLoginLink, deleteAccount } from './connect.ts';
import { ALLOWED, ApiError, checkEach, checkParams, invalid, missingParam, noSuch } from './errors.ts';
import { bool, list, mergeMetadata, obj, str, type FormParams } from './form.ts';
import { listOf, newId, previousAttributes, type ApiList, type PortalSession, type Subscription } from './objects.ts';
import { cancelPaymentIntent, capturePaymentIntent, createRefund } from './payments.ts';
import { createSchedule, prorationBehaviorOf, releaseSchedule, updateSchedule } from './schedules.ts';
import type { World } from './world.ts';

/** Stripe's v1 REST routes the billing and Connect integrations use. Handlers are synchronous and throw ApiError. */
type Handler = (world: World, params: FormParams, id: string) => object;

const PAYMENT_BEHAVIORS = new Set(['allow_incomplete', 'default_incomplete', 'error_if_incomplete', 'pending_if_incomplete']);
// Stripe's list of what may accompany payment_behavior=pending_if_incomplete.
const PENDING_UPDATE_PARAMS = new Set([
  'add_invoice_items',
  'billing_cycle_anchor',
  'expand',
  'items',
  'off_session',
  'payment_behavior',
  'proration_behavior',
  'proration_date',
  'trial_end',
  'trial_from_plan',
]);

function page<T extends { id: string }>(items: T[], params: FormParams, url: string): ApiList<T> {
  const limitRaw = str(params['limit']) ?? '10';
  const limit = Number(limitRaw);
  if (!Number.isInteger(limit) || limit < 1 || limit > 100) throw invalid('Invalid limit: must be an integer between 1 and 100.', 'limit');
  const after = str(params['starting_after']);
  const before = str(params['ending_before']);
  let start = 0;
  let end = items.length;
  if (after) {
    const index = items.findIndex((item) => item.id === after);
    if (index < 0) throw noSuch('object', after, 'starting_after', 400);
    start = index + 1;
  } else if (before) {
    const index = items.findIndex((item) => item.id === before);
    if (index < 0) throw noSuch('object', before, 'ending_before', 400);
    end = index;
    start = Math.max(0, end - limit);
  }
  const data = items.slice(start, Math.min(end, start + limit));
  return listOf(data, url, before && !after ? start > 0 : start + data.length < end);
}

/** Newest first, as Stripe lists. */
function newest<T>(map: Map<string, T>): T[] {
  return [...map.values()].reverse();
}

function updateCustomer(world: World, params: FormParams, id: string): object {
  checkParams(params, ALLOWED.customerUpdate);
  const customer = world.customer(id);
  const before = structuredClone(customer);
  for (const key of ['email', 'name', 'description'] as const) {
    const value = params[key];
    if (value !== undefined) customer[key] = str(value) || null;
  }
  customer.metadata = mergeMetadata(customer.metadata, params['metadata']);
  if (previousAttributes(before, customer)) world.emit('customer.updated', customer, before);
  return customer;
}

function updateSubscription(world: World, params: FormParams, id: string): Subscription {
  checkParams(params, ALLOWED.subscriptionUpdate);
  const subscription = world.subscription(id);
  const items = list(params['items']);
  checkEach(items, ALLOWED.subscriptionItem, 'items');
  const cancelRaw = params['cancel_at_period_end'];
  const cancelAtPeriodEnd = bool(cancelRaw);
  if (cancelRaw !== undefined && cancelAtPeriodEnd === undefined) throw invalid('Invalid boolean: must be true or false.', 'cancel_at_period_end');
  const payment = str(params['payment_behavior']) ?? 'allow_incomplete';
  if (!PAYMENT_BEHAVIORS.has(payment)) throw invalid(`Invalid payment_behavior: must be one of ${[...PAYMENT_BEHAVIORS].join(', ')}.`, 'payment_behavior');
  const proration = prorationBehaviorOf(str(params['proration_behavior']), 'proration_behavior');
  if (subscription.status === 'canceled' || subscription.status === 'incomplete_expired') {
    const other = Object.keys(params).find((key) => !['metadata', 'cancellation_details', 'expand'].includes(key));
    if (other) throw invalid('A canceled subscription can only update its cancellation_details and metadata.', other);
  }
  const cancelChange = cancelRaw !== undefined || params['cancel_at'] !== undefined;
  if (subscription.schedule && (items.length > 0 || cancelChange)) {
    throw invalid(
      `The subscription is managed by the subscription schedule ${subscription.schedule}, and updating any cancelation behavior directly is not allowed. Please update the schedule instead.`,
      items.length > 0 ? 'items' : 'cancel_at_period_end',
    );
  }
  if (payment === 'pending_if_incomplete') {
    const refused = Object.keys(params).filter((key) => !PENDING_UPDATE_PARAMS.has(key));
    if (refused.length > 0) {
      throw invalid(
        `When \`payment_behavior\` is \`pending_if_incomplete\`, you can only pass these parameters: ${[...PENDING_UPDATE_PARAMS].join(', ')}. Received: ${refused.join(', ')}.`,
        refused[0],
      );
    }
  }
  const item = itemOfSubscription(subscription);
  let change: PriceChange | undefined;
  if (items.length > 1) throw invalid('The stand-in supports subscriptions with one item.', 'items');
  const requested = obj(items[0]);
  if (requested) {
    const itemId = str(requested['id']);
    if (!itemId) throw invalid('The stand-in changes the existing item only: pass items[0][id].', 'items[0][id]');
    if (itemId !== item.id) throw noSuch('subscription_item', itemId, 'items[0][id]', 400);
    for (const key of ['deleted', 'price_data']) {
      if (requested[key] !== undefined) throw invalid(`The stand-in does not support items[0][${key}].`, `items[0][${key}]`);
    }
    if ((str(requested['quantity']) ?? '1') !== '1') throw invalid('The stand-in supports quantity 1 only.', 'items[0][quantity]');
    const priceId = str(requested['price']);
    const at = str(params['proration_date']) ? Number(str(params['proration_date'])) : world.now();
    if (priceId) change = { price: world.price(priceId, 'items[0][price]'), proration, payment: payment as PriceChange['payment'], at };
  }
  const cancelAt = params['cancel_at'];
  const cancelAtValue = str(cancelAt);
  if (cancelAt !== undefined && (cancelAtValue === undefined || (cancelAtValue !== '' && !/^\d+$/.test(cancelAtValue)))) {
    throw invalid('The stand-in supports cancel_at as a timestamp or empty only.', 'cancel_at');
  }
  const before = structuredClone(subscription);
  if (change) changePrice(world, subscription, change);
  if (cancelAtPeriodEnd !== undefined) {
    subscription.cancel_at_period_end = cancelAtPeriodEnd;
    subscription.cancel_at = cancelAtPeriodEnd ? item.current_period_end : null;
    subscription.canceled_at = cancelAtPeriodEnd ? world.now() : null;
  }
  if (cancelAtValue !== undefined) {
    subscription.cancel_at = cancelAtValue ? Number(cancelAtValue) : null;
    subscription.cancel_at_period_end = false;
    subscription.canceled_at = cancelAtValue ? world.now() : null;
  }
  subscription.metadata = mergeMetadata(subscription.metadata, params['metadata']);
  const details = obj(params['cancellation_details']);
  if (details) {
    subscription.cancellation_details.comment = str(details['comment']) || null;
    subscription.cancellation_details.feedback = str(details['feedback']) || null;
  }
  if (previousAttributes(before, subscription)) world.emit('customer.subscription.updated', subscription, before);
  return subscription;
}

/** What the same update with `always_invoice` would charge now; without items, the next renewal. */
function previewInvoice(world: World, params: FormParams): object {
  checkParams(params, ALLOWED.invoicePreview);
  const details = obj(params['subscription_details']) ?? {};
  checkParams(details, ALLOWED.previewSubscriptionDetails, 'subscription_details');
  const subscriptionId = str(params['subscription']);
  if (!subscriptionId) throw invalid('The stand-in previews invoices of an existing subscription only: pass `subscription`.', 'subscription');
  const subscription = world.subscription(subscriptionId, 'subscription', 400);
  const customer = str(params['customer']);
  if (customer && customer !== subscription.customer) throw invalid(`The subscription ${subscription.id} does not belong to customer ${customer}.`, 'customer');
  const items = list(details['items']);
  checkEach(items, ALLOWED.subscriptionItem, 'subscription_details[items]');
  const behavior = prorationBehaviorOf(str(details['proration_behavior']), 'subscription_details[proration_behavior]');
  const prorationDate = str(details['proration_date']);
  const at = prorationDate ? Number(prorationDate) : world.now();
  const item = itemOfSubscription(subscription);
  const requested = obj(items[0]);
  const priceId = requested ? str(requested['price']) : undefined;
  const id = `upcoming_${newId('in')}`;
  if (requested && priceId) {
    const itemId = str(requested['id']);
    if (itemId && itemId !== item.id) throw noSuch('subscription_item', itemId, 'subscription_details[items][0][id]', 400);
    const price = world.price(priceId, 'subscription_details[items][0][price]');
    const proration =
      price.id === item.price.id ? { lines: [], period: { start: at, end: item.current_period_end } } : prorate(world, subscription, price, at, behavior);
    const invoice = draftInvoice(world, subscription, { reason: 'subscription_update', lines: proration.lines, period: proration.period }, id);
    invoice.parent.subscription_details.subscription_proration_date = at;
    return invoice;
  }
  const start = item.current_period_end;
  const period = { start, end: world.periodEnd(start, item.price.recurring.interval) };
  return draftInvoice(world, subscription, fullPriceCharge(subscription, item.price, period, 'upcoming'), id);
}

function createPortalSession(world: World, params: FormParams): PortalSession {
  checkParams(params, ALLOWED.portalCreate);
  const customer = str(params['customer']);
  if (!customer) throw missingParam('customer');
  world.customer(customer, 'customer', 400);
  const id = newId('bps');
  const session: PortalSession = {
    id,
    object: 'billing_portal.session',
    configuration: 'bpc_standin_default',
    created: world.now(),
    customer,
    flow: null,
    livemode: false,
    locale: null,
    on_behalf_of: null,
    return_url: str(params['return_url']) ?? null,
    url: `${world.baseUrl}/portal/${id}`,
  };
  world.portalSessions.set(id, session);
  return session;
}

const ROUTES: Array<[string, RegExp, Handler]> = [
  ['POST', /^\/v1\/customers$/, (world, params) => {
    checkParams(params, ALLOWED.customerCreate);
    const fields = { email: str(params['email']) ?? null, name: str(params['name']) ?? null, description: str(params['description']) ?? null };
    return createCustomer(world, { ...fields, metadata: mergeMetadata({}, params['metadata']) });
  }],
  ['GET', /^\/v1\/customers$/, (world, params) => {
    checkParams(params, ALLOWED.customerList);
    const email = str(params['email']);
    return page(newest(world.customers).filter((customer) => email === undefined || customer.email === email), params, '/v1/customers');
  }],
  ['GET', /^\/v1\/customers\/([^/]+)$/, (world, params, id) => (checkParams(params, ALLOWED.retrieve), world.customer(id))],
  ['POST', /^\/v1\/customers\/([^/]+)$/, updateCustomer],
  ['GET', /^\/v1\/prices$/, (world, params) => {
    checkParams(params, ALLOWED.priceList);
    const active = bool(params['active']);
    const product = str(params['product']);
    const prices = [...world.prices.values()].filter((price) => (active === undefined || price.active === active) && (!product || price.product === product));
    return page(prices, params, '/v1/prices');
  }],
  ['GET', /^\/v1\/prices\/([^/]+)$/, (world, params, id) => {
    checkParams(params, ALLOWED.retrieve);
    const price = world.prices.get(id);
    if (!price) throw noSuch('price', id);
    return price;
  }],
  ['POST', /^\/v1\/checkout\/sessions$/, (world, params) => createCheckoutSession(world, params)],
  ['GET', /^\/v1\/checkout\/sessions$/, (world, params) => {
    checkParams(params, ALLOWED.checkoutList);
    const [customer, status, subscription, intent] = ['customer', 'status', 'subscription', 'payment_intent'].map((key) => str(params[key]));
    const sessions = newest(world.sessions).filter(
      (session) =>
        (!customer || session.customer === customer) &&
        (!status || session.status === status) &&
        (!subscription || session.subscription === subscription) &&
        (!intent || session.payment_intent === intent),
    );
    return page(sessions, params, '/v1/checkout/sessions');
  }],
  ['GET', /^\/v1\/checkout\/sessions\/([^/]+)$/, (world, params, id) => (checkParams(params, ALLOWED.retrieve), world.session(id))],
  ['POST', /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/, (world, params, id) => (checkParams(params, ALLOWED.retrieve), expireCheckoutSession(world, world.session(id)))],
  ['GET', /^\/v1\/subscriptions$/, (world, params) => {
    checkParams(params, ALLOWED.subscriptionList);
    const [customer, price] = ['customer', 'price'].map((key) => str(params[key]));
    const status = str(params['status']);
    const matchesStatus = (value: string) =>
      status === 'all' || (status === 'ended' ? value === 'canceled' || value === 'incomplete_expired' : status ? value === status : value !== 'canceled');
    const subscriptions = newest(world.subscriptions).filter(
      (subscription) =>
        matchesStatus(subscription.status) && (!customer || subscription.customer === customer) && (!price || subscription.items.data.some((item) => item.price.id === price)),
    );
    return page(subscriptions, params, '/v1/subscriptions');
  }],
  ['GET', /^\/v1\/subscriptions\/([^/]+)$/, (world, params, id) => (checkParams(params, ALLOWED.retrieve), world.subscription(id))],
  ['POST', /^\/v1\/subscriptions\/([^/]+)$/, updateSubscription],
  ['DELETE', /^\/v1\/subscriptions\/([^/]+)$/, (world, params, id) => {
    checkParams(params, ALLOWED.subscriptionCancel);
    const subscription = world.subscription(id);
    cancelNow(world, subscription);
    return subscription;
  }],
  ['GET', /^\/v1\/subscription_items$/, (world, params) => {
    checkParams(params, ALLOWED.subscriptionItemList);
    const id = str(params['subscription']);
    if (!id) throw missingParam('subscription');
    return page(world.subscription(id, 'subscription', 400).items.data, params, '/v1/subscription_items');
  }],
  ['POST', /^\/v1\/subscription_schedules$/, (world, params) => createSchedule(world, params)],
  ['GET', /^\/v1\/subscription_schedules\/([^/]+)$/, (world, params, id) => (checkParams(params, ALLOWED.retrieve), world.schedule(id))],
  ['POST', /^\/v1\/subscription_schedules\/([^/]+)$/, (world, params, id) => updateSchedule(world, world.schedule(id), params)],
  ['POST', /^\/v1\/subscription_schedules\/([^/]+)\/release$/, (world, params, id) => {
    checkParams(params, ALLOWED.scheduleRelease);
    return releaseSchedule(world, world.schedule(id));
  }],
  ['GET', /^\/v1\/invoices\/([^/]+)$/, (world, params, id) => (checkParams(params, ALLOWED.retrieve), world.invoice(id))],
  ['POST', /^\/v1\/invoices\/create_preview$/, (world, params) => previewInvoice(world, params)],
  ['POST', /^\/v1\/billing_portal\/sessions$/, (world, params) => createPortalSession(world, params)],
  ['POST', /^\/v1\/accounts$/, createAccount],
  ['GET', /^\/v1\/accounts$/, (world, params) => (checkParams(params, ALLOWED.accountList), page(newest(world.accounts), params, '/v1/accounts'))],
  ['GET', /^\/v1\/accounts\/([^/]+)$/, (world, params, id) => (checkParams(params, ALLOWED.retrieve), world.account(id))],
  ['DELETE', /^\/v1\/accounts\/([^/]+)$/, deleteAccount],
  ['POST', /^\/v1\/accounts\/([^/]+)\/login_links$/, createLoginLink],
  ['POST', /^\/v1\/account_links$/, createAccountLink],
  ['GET', /^\/v1\/payment_intents\/([^/]+)$/, (world, params, id) => (checkParams(params, ALLOWED.paymentIntentRetrieve), world.paymentIntent(id))],
  ['POST', /^\/v1\/payment_intents\/([^/]+)\/capture$/, capturePaymentIntent],
  ['POST', /^\/v1\/payment_intents\/([^/]+)\/cancel$/, cancelPaymentIntent],
  ['GET', /^\/v1\/charges\/([^/]+)$/, (world, params, id) => (checkParams(params, ALLOWED.retrieve), world.charge(id))],
  ['POST', /^\/v1\/refunds$/, createRefund],
  ['GET', /^\/v1\/refunds\/([^/]+)$/, (world, params, id) => {
    checkParams(params, ALLOWED.retrieve);
    const refund = world.refunds.get(id);
    if (!refund) throw noSuch('refund', id);
    return refund;
  }],
  ['GET', /^\/v1\/application_fees\/([^/]+)$/, (world, params, id) => {
    checkParams(params, ALLOWED.retrieve);
    const fee = world.applicationFees.get(id);
    if (!fee) throw noSuch('application_fee', id);
    return fee;
  }],
  ['GET', /^\/v1\/events$/, (world, params) => {
    const type = str(params['type']);
    return page([...world.events].reverse().filter((event) => !type || event.type === type), params, '/v1/events');
  }],
  ['GET', /^\/v1\/events\/([^/]+)$/, (world, _params, id) => {
    const event = world.events.find((candidate) => candidate.id === id);
    if (!event) throw noSuch('event', id);
    return event;
  }],
];

/**
 * Replaces ids named by `expand[]` with copies of their objects. A path through a list goes through
 * its `data` (`data.latest_invoice`); a field the object does not have is refused as Stripe does.
 */
function expandPath(world: World, node: unknown, segments: string[]): void {
  if (Array.isArray(node)) {
    for (const element of node) expandPath(world, element, segments);
    return;
  }
  const [head, ...rest] = segments;
  if (!head || node === null || typeof node !== 'object') return;
  const record = node as Record<string, unknown>;
  if (!(head in record)) throw invalid(`This property cannot be expanded (${head}).`, 'expand');
  const value = record[head];
  if (typeof value === 'string') {
    const found = world.lookup(value);
    if (found) record[head] = structuredClone(found);
  }
  if (rest.length > 0) expandPath(world, record[head], rest);
}

export function handleRest(world: World, method: string, path: string, params: FormParams): object {
  for (const [routeMethod, pattern, handler] of ROUTES) {
    const match = pattern.exec(path);
    if (!match || routeMethod !== method) continue;
    const result = structuredClone(handler(world, params, decodeURIComponent(match[1] ?? '')));
    for (const path of list(params['expand'])) {
      if (typeof path === 'string' && path) expandPath(world, result, path.split('.'));
    }
    return result;
  }
  throw new ApiError(404, 'invalid_request_error', `Unrecognized request URL (${method}: ${path}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`);
}
