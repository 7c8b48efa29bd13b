import { fullPriceCharge, invoiceAndCharge } from './billing.ts';
import { ALLOWED, ApiError, checkEach, checkParams, invalid, missingParam } from './errors.ts';
import { list, mergeMetadata, obj, str, type FormParams } from './form.ts';
import { itemOf, newId, randomToken, type CheckoutSession, type Customer, type Subscription } from './objects.ts';
import type { World } from './world.ts';

const RETIRED_UI_MODES = new Set(['embedded', 'hosted', 'custom']);
const UI_MODES = new Set(['elements', 'embedded_page', 'form', 'hosted_page']);

export function createCustomer(world: World, fields: { email: string | null; name: string | null; description?: string | null; metadata?: Record<string, string> }): Customer {
  const customer: Customer = {
    id: newId('cus'),
    object: 'customer',
    address: null,
    balance: 0,
    created: world.now(),
    currency: null,
    default_source: null,
    delinquent: false,
    description: fields.description ?? null,
    email: fields.email,
    invoice_settings: { custom_fields: null, default_payment_method: null, footer: null, rendering_options: null },
    livemode: false,
    metadata: fields.metadata ?? {},
    name: fields.name,
    phone: null,
    preferred_locales: [],
    shipping: null,
    tax_exempt: 'none',
    test_clock: null,
  };
  world.customers.set(customer.id, customer);
  world.emit('customer.created', customer);
  return customer;
}

/**
 * Embedded Checkout for one subscription price, refusing what Stripe refuses at this API version:
 * the retired `ui_mode` names (`embedded`, `hosted`, `custom`) and URLs that do not fit the mode.
 */
export function createCheckoutSession(world: World, params: FormParams): CheckoutSession {
  checkParams(params, ALLOWED.checkoutCreate);
  const mode = str(params['mode']);
  if (!mode) throw missingParam('mode');
  if (mode !== 'subscription') throw invalid(`The stand-in supports mode=subscription only (got ${mode}).`, 'mode');
  const uiMode = str(params['ui_mode']);
  if (uiMode === undefined || RETIRED_UI_MODES.has(uiMode) || !UI_MODES.has(uiMode)) {
    throw invalid(`Invalid ui_mode: must be one of elements, embedded_page, form, or hosted_page (got ${uiMode ?? 'nothing'}).`, 'ui_mode');
  }
  if (uiMode !== 'embedded_page') throw invalid(`The stand-in supports ui_mode=embedded_page only (got ${uiMode}).`, 'ui_mode');
  for (const key of ['success_url', 'cancel_url']) {
    if (params[key] !== undefined) throw invalid(`You cannot set \`${key}\` when \`ui_mode\` is \`embedded_page\`. Use \`return_url\` instead.`, key);
  }
  const returnUrl = str(params['return_url']);
  if (!returnUrl) throw missingParam('return_url');
  const lineItems = list(params['line_items']);
  checkEach(lineItems, ALLOWED.checkoutLineItem, 'line_items');
  if (lineItems.length !== 1) throw invalid('The stand-in supports exactly one line item.', 'line_items');
  const line = obj(lineItems[0]) ?? {};
  if (line['price_data'] !== undefined) throw invalid('The stand-in supports line_items[0][price] only, not price_data.', 'line_items[0][price_data]');
  const price = world.price(str(line['price']), 'line_items[0][price]');
  const quantity = str(line['quantity']);
  if (quantity === undefined) throw invalid('Quantity is required. Add `quantity` to `line_items[0]`.', 'line_items[0][quantity]', 'parameter_missing');
  if (quantity !== '1') throw invalid('The stand-in supports quantity 1 only.', 'line_items[0][quantity]');
  const customer = str(params['customer']);
  if (customer) world.customer(customer, 'customer', 400);
  const customerEmail = str(params['customer_email']);
  if (customer && customerEmail) throw invalid('You may only specify one of these parameters: customer, customer_email.', 'customer_email');
  const subscriptionData = obj(params['subscription_data']) ?? {};
  const id = newId('cs_test');
  const created = world.now();
  const expiresRaw = str(params['expires_at']);
  const session: CheckoutSession = {
    id,
    object: 'checkout.session',
    amount_subtotal: price.unit_amount,
    amount_total: price.unit_amount,
    cancel_url: null,
    client_reference_id: str(params['client_reference_id']) ?? null,
    client_secret: `${id}_secret_${randomToken(24)}`,
    created,
    currency: 'eur',
    customer: customer ?? null,
    customer_email: customerEmail ?? null,
    expires_at: expiresRaw && /^\d+$/.test(expiresRaw) ? Number(expiresRaw) : created + 24 * 3600,
    invoice: null,
    livemode: false,
    metadata: mergeMetadata({}, params['metadata']),
    mode: 'subscription',
    payment_intent: null,
    payment_method_types: ['card'],
    payment_status: 'unpaid',
    return_url: returnUrl.replaceAll('{CHECKOUT_SESSION_ID}', id),
    status: 'open',
    subscription: null,
    success_url: null,
    ui_mode: 'embedded_page',
    url: null,
  };
  world.sessions.set(id, session);
  world.intents.set(id, { price: price.id, subscriptionMetadata: mergeMetadata({}, subscriptionData['metadata']) });
  return session;
}

export function expireCheckoutSession(world: World, session: CheckoutSession): CheckoutSession {
  if (session.status !== 'open') {
    throw invalid(`Only Checkout Sessions with a status in ["open"] can be expired. This session has status "${session.status}".`);
  }
  session.status = 'expired';
  world.emit('checkout.session.expired', session);
  return session;
}

/**
 * The customer finishing Embedded Checkout: the subscription, its first invoice and the events
 * Stripe sends, in Stripe's order. 'unpaid' stands for a payment that has not gone through yet.
 */
export function completeCheckoutSession(world: World, session: CheckoutSession, outcome: 'paid' | 'unpaid'): Subscription {
  if (session.status !== 'open') {
    throw new ApiError(409, 'invalid_request_error', `Checkout session ${session.id} is ${session.status}; only an open session can be completed.`);
  }
  const intent = world.intents.get(session.id);
  if (!intent) throw new ApiError(500, 'api_error', `Checkout session ${session.id} lost its line item`);
  const price = world.price(intent.price, 'line_items[0][price]');
  const customerId = session.customer ?? createCustomer(world, { email: session.customer_email ?? 'customer@example.test', name: null }).id;
  const now = world.now();
  const id = newId('sub');
  const period = { start: now, end: world.periodEnd(now, price.recurring.interval) };
  const subscription: Subscription = {
    id,
    object: 'subscription',
    application: null,
    billing_cycle_anchor: now,
    billing_mode: { type: 'flexible', flexible: { proration_discounts: 'included' } },
    cancel_at: null,
    cancel_at_period_end: false,
    canceled_at: null,
    cancellation_details: { comment: null, feedback: null, reason: null },
    collection_method: 'charge_automatically',
    created: now,
    currency: 'eur',
    customer: customerId,
    days_until_due: null,
    default_payment_method: null,
    description: null,
    discounts: [],
    ended_at: null,
    items: { object: 'list', data: [], has_more: false, url: `/v1/subscription_items?subscription=${id}` },
    latest_invoice: null,
    livemode: false,
    metadata: { ...intent.subscriptionMetadata },
    pending_update: null,
    schedule: null,
    start_date: now,
    status: outcome === 'paid' ? 'active' : 'incomplete',
    test_clock: null,
    trial_end: null,
    trial_start: null,
  };
  subscription.items.data.push(itemOf(newId('si'), id, price, period, now));
  world.subscriptions.set(id, subscription);
  const invoice = invoiceAndCharge(world, subscription, fullPriceCharge(subscription, price, period, 'subscription_create'), outcome === 'paid' ? 'paid' : 'open');
  Object.assign(session, {
    customer: customerId,
    invoice: invoice.id,
    payment_status: outcome,
    status: 'complete',
    subscription: id,
  });
  world.emit('customer.subscription.created', subscription);
  if (outcome === 'paid') world.emit('invoice.paid', invoice);
  world.emit('checkout.session.completed', session);
  return subscription;
}
