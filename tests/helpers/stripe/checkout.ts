import { fullPriceCharge, invoiceAndCharge } from './billing.ts';
import { assertDestination } from './connect.ts';
import { ALLOWED, ApiError, checkEach, checkParams, invalid, missingParam } from './errors.ts';
import { int, list, mergeMetadata, obj, str, type FormParams, type FormValue } from './form.ts';
import { customerDetailsOf, itemOf, newId, randomToken, type CheckoutSession, type Customer, type Subscription } from './objects.ts';
import { amountParam } from './payments.ts';
import type { CheckoutIntent, PaymentPlan, World } from './world.ts';

const RETIRED_UI_MODES = new Set(['embedded', 'hosted', 'custom']);
const UI_MODES = new Set(['elements', 'embedded_page', 'form', 'hosted_page']);
// Stripe's smallest charge in the currencies a host is likely to use; below it Checkout refuses the session.
const MINIMUM_AMOUNTS: Record<string, number> = { eur: 50, usd: 50, chf: 50, gbp: 30 };

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

/** One line of a payment-mode session: an ad-hoc price (`price_data`) times a quantity. */
interface PaymentLine {
  currency: string;
  unitAmount: number;
  quantity: number;
}

function urlOf(params: FormParams, key: string): string | undefined {
  const value = str(params[key]);
  if (value !== undefined && !URL.canParse(value.replaceAll('{CHECKOUT_SESSION_ID}', 'cs'))) throw invalid('Not a valid URL', key, 'url_invalid');
  return value;
}

/** `line_items` of a payment-mode session: one-time `price_data` only, one currency, as Stripe wants them. */
function paymentLines(world: World, lineItems: FormValue[]): PaymentLine[] {
  if (lineItems.length === 0) throw missingParam('line_items');
  if (lineItems.length > 100) throw invalid('A Checkout Session can have at most 100 line items.', 'line_items');
  const lines = lineItems.map((value, index): PaymentLine => {
    const prefix = `line_items[${index}]`;
    const line = obj(value) ?? {};
    const priceId = str(line['price']);
    if (priceId !== undefined) {
      // Every configured price is recurring, which Stripe refuses in payment mode.
      world.price(priceId, `${prefix}[price]`);
      throw invalid('You specified `payment` mode but passed a recurring price. Either switch to `subscription` mode or use only one-time prices.', `${prefix}[price]`);
    }
    const priceData = obj(line['price_data']);
    if (!priceData) throw invalid(`You must specify either \`price\` or \`price_data\` in ${prefix}.`, `${prefix}[price_data]`, 'parameter_missing');
    checkParams(priceData, ALLOWED.checkoutPriceData, `${prefix}[price_data]`);
    const currency = str(priceData['currency']);
    if (!currency) throw missingParam(`${prefix}[price_data][currency]`);
    if (!/^[a-z]{3}$/.test(currency)) throw invalid(`Invalid currency: ${currency}. Stripe currencies are three lowercase letters.`, `${prefix}[price_data][currency]`);
    if (priceData['recurring'] !== undefined) {
      throw invalid('You specified `payment` mode but passed a recurring price. Either switch to `subscription` mode or use only one-time prices.', `${prefix}[price_data][recurring]`);
    }
    for (const key of ['product', 'unit_amount_decimal', 'tax_behavior']) {
      if (priceData[key] !== undefined) throw invalid(`The stand-in supports product_data and unit_amount only, not ${key}.`, `${prefix}[price_data][${key}]`);
    }
    const product = obj(priceData['product_data']);
    if (!product) throw missingParam(`${prefix}[price_data][product_data]`);
    checkParams(product, ALLOWED.checkoutProductData, `${prefix}[price_data][product_data]`);
    if (!str(product['name'])) throw missingParam(`${prefix}[price_data][product_data][name]`);
    const unitAmount = amountParam(priceData['unit_amount'], `${prefix}[price_data][unit_amount]`);
    if (unitAmount === undefined) throw missingParam(`${prefix}[price_data][unit_amount]`);
    const quantityRaw = line['quantity'];
    if (quantityRaw === undefined) throw invalid(`Quantity is required. Add \`quantity\` to \`${prefix}\`.`, `${prefix}[quantity]`, 'parameter_missing');
    const quantity = int(quantityRaw);
    if (quantity === undefined || quantity < 1 || quantity > 999_999) throw invalid('Quantity must be a whole number between 1 and 999999.', `${prefix}[quantity]`);
    for (const key of ['adjustable_quantity', 'tax_rates']) {
      if (line[key] !== undefined) throw invalid(`The stand-in does not support ${prefix}[${key}].`, `${prefix}[${key}]`);
    }
    return { currency, unitAmount, quantity };
  });
  const currency = lines[0]?.currency;
  const other = lines.findIndex((line) => line.currency !== currency);
  if (other >= 0) throw invalid('All line items must use the same currency.', `line_items[${other}][price_data][currency]`);
  return lines;
}

/**
 * `payment_intent_data` of a payment-mode session. A destination must be a connected account that
 * can receive the money now; a fee needs a destination and cannot exceed the total.
 */
function paymentPlanOf(world: World, data: FormParams, total: number): PaymentPlan {
  checkParams(data, ALLOWED.checkoutPaymentIntentData, 'payment_intent_data');
  for (const key of ['on_behalf_of', 'setup_future_usage', 'shipping', 'statement_descriptor', 'statement_descriptor_suffix', 'transfer_group']) {
    if (data[key] !== undefined) throw invalid(`The stand-in does not support payment_intent_data[${key}].`, `payment_intent_data[${key}]`);
  }
  const captureMethod = str(data['capture_method']) ?? 'automatic';
  if (captureMethod !== 'automatic' && captureMethod !== 'automatic_async' && captureMethod !== 'manual') {
    throw invalid('Invalid capture_method: must be one of automatic, automatic_async, or manual', 'payment_intent_data[capture_method]');
  }
  const transfer = data['transfer_data'] === undefined ? undefined : obj(data['transfer_data']);
  if (data['transfer_data'] !== undefined && !transfer) throw invalid('Invalid object', 'payment_intent_data[transfer_data]');
  let destination: string | null = null;
  if (transfer) {
    checkParams(transfer, ALLOWED.checkoutTransferData, 'payment_intent_data[transfer_data]');
    if (transfer['amount'] !== undefined) throw invalid('The stand-in supports application_fee_amount, not transfer_data[amount].', 'payment_intent_data[transfer_data][amount]');
    destination = str(transfer['destination']) ?? null;
    if (!destination) throw missingParam('payment_intent_data[transfer_data][destination]');
    assertDestination(world, destination, 'payment_intent_data[transfer_data][destination]');
  }
  const fee = amountParam(data['application_fee_amount'], 'payment_intent_data[application_fee_amount]') ?? null;
  if (fee !== null && !destination) {
    throw invalid(
      'Can only apply an application_fee_amount when the PaymentIntent is attempting a direct payment (using an OAuth key or Stripe-Account header) or destination payment (using `transfer_data[destination]`).',
      'payment_intent_data[application_fee_amount]',
    );
  }
  if (fee !== null && fee > total) throw invalid(`The application fee (${fee}) cannot be greater than the amount of the payment (${total}).`, 'payment_intent_data[application_fee_amount]');
  return {
    captureMethod,
    applicationFeeAmount: fee,
    destination,
    description: str(data['description']) ?? null,
    receiptEmail: str(data['receipt_email']) ?? null,
    metadata: mergeMetadata({}, data['metadata']),
  };
}

/**
 * A Checkout Session, refusing what Stripe refuses at this API version: the retired `ui_mode` names
 * (`embedded`, `hosted`, `custom`) and URLs that do not fit the mode. Subscription mode takes one
 * configured price in Embedded Checkout; payment mode takes `price_data` lines, embedded or hosted,
 * with the `payment_intent_data` of a destination charge.
 */
export function createCheckoutSession(world: World, params: FormParams): CheckoutSession {
  checkParams(params, ALLOWED.checkoutCreate);
  const mode = str(params['mode']);
  if (!mode) throw missingParam('mode');
  if (mode !== 'subscription' && mode !== 'payment') throw invalid(`The stand-in supports mode=subscription and mode=payment only (got ${mode}).`, 'mode');
  // Stripe's default is the hosted page.
  const uiMode = str(params['ui_mode']) ?? 'hosted_page';
  if (RETIRED_UI_MODES.has(uiMode) || !UI_MODES.has(uiMode)) {
    throw invalid(`Invalid ui_mode: must be one of elements, embedded_page, form, or hosted_page (got ${uiMode}).`, 'ui_mode');
  }
  const supported = mode === 'payment' ? ['embedded_page', 'hosted_page'] : ['embedded_page'];
  if (!supported.includes(uiMode)) throw invalid(`The stand-in supports ui_mode=${supported.join(' or ')} only${mode === 'payment' ? ' in payment mode' : ''} (got ${uiMode}).`, 'ui_mode');
  let returnUrl: string | undefined;
  if (uiMode === 'embedded_page') {
    for (const key of ['success_url', 'cancel_url']) {
      if (params[key] !== undefined) throw invalid(`You cannot set \`${key}\` when \`ui_mode\` is \`embedded_page\`. Use \`return_url\` instead.`, key);
    }
    returnUrl = str(params['return_url']);
    if (!returnUrl) throw missingParam('return_url');
  } else if (params['return_url'] !== undefined) {
    throw invalid('You cannot set `return_url` when `ui_mode` is `hosted_page`. Use `success_url` and `cancel_url` instead.', 'return_url');
  }
  const successUrl = urlOf(params, 'success_url');
  const cancelUrl = urlOf(params, 'cancel_url');
  const lineItems = list(params['line_items']);
  checkEach(lineItems, ALLOWED.checkoutLineItem, 'line_items');
  const customer = str(params['customer']);
  if (customer) world.customer(customer, 'customer', 400);
  const customerEmail = str(params['customer_email']);
  if (customer && customerEmail) throw invalid('You may only specify one of these parameters: customer, customer_email.', 'customer_email');
  let intent: CheckoutIntent;
  let currency = 'eur';
  let amount: number;
  if (mode === 'subscription') {
    if (params['payment_intent_data'] !== undefined) throw invalid('You can not pass `payment_intent_data` in `subscription` mode.', 'payment_intent_data');
    if (lineItems.length !== 1) throw invalid('The stand-in supports exactly one line item.', 'line_items');
    const line = obj(lineItems[0]) ?? {};
    if (line['price_data'] !== undefined) throw invalid('The stand-in supports line_items[0][price] only, not price_data.', 'line_items[0][price_data]');
    const price = world.price(str(line['price']), 'line_items[0][price]');
    const quantity = str(line['quantity']);
    if (quantity === undefined) throw invalid('Quantity is required. Add `quantity` to `line_items[0]`.', 'line_items[0][quantity]', 'parameter_missing');
    if (quantity !== '1') throw invalid('The stand-in supports quantity 1 only.', 'line_items[0][quantity]');
    const subscriptionData = obj(params['subscription_data']) ?? {};
    intent = { price: price.id, subscriptionMetadata: mergeMetadata({}, subscriptionData['metadata']) };
    amount = price.unit_amount;
  } else {
    if (params['subscription_data'] !== undefined) throw invalid('You can not pass `subscription_data` in `payment` mode.', 'subscription_data');
    const lines = paymentLines(world, lineItems);
    currency = lines[0]?.currency ?? 'eur';
    amount = lines.reduce((sum, line) => sum + line.unitAmount * line.quantity, 0);
    const minimum = MINIMUM_AMOUNTS[currency];
    if (minimum !== undefined && amount < minimum) {
      throw invalid(`The Checkout Session's total amount due must add up to at least ${(minimum / 100).toFixed(2)} ${currency}.`, 'line_items');
    }
    const data = params['payment_intent_data'];
    if (data !== undefined && !obj(data)) throw invalid('Invalid object', 'payment_intent_data');
    intent = { price: null, subscriptionMetadata: {}, payment: paymentPlanOf(world, obj(data) ?? {}, amount) };
  }
  const id = newId('cs_test');
  const created = world.now();
  const expiresRaw = str(params['expires_at']);
  const embedded = uiMode === 'embedded_page';
  const session: CheckoutSession = {
    id,
    object: 'checkout.session',
    amount_subtotal: amount,
    amount_total: amount,
    cancel_url: cancelUrl ?? null,
    client_reference_id: str(params['client_reference_id']) ?? null,
    // Embedded Checkout mounts with the secret; the hosted page is reached by its URL instead.
    client_secret: embedded ? `${id}_secret_${randomToken(24)}` : null,
    created,
    currency,
    customer: customer ?? null,
    customer_details: null,
    customer_email: customerEmail ?? null,
    expires_at: expiresRaw && /^\d+$/.test(expiresRaw) ? Number(expiresRaw) : created + 24 * 3600,
    invoice: null,
    livemode: false,
    metadata: mergeMetadata({}, params['metadata']),
    mode,
    payment_intent: null,
    payment_method_types: ['card'],
    payment_status: 'unpaid',
    ...(returnUrl ? { return_url: returnUrl.replaceAll('{CHECKOUT_SESSION_ID}', id) } : {}),
    status: 'open',
    subscription: null,
    success_url: successUrl ?? null,
    ui_mode: embedded ? 'embedded_page' : 'hosted_page',
    url: embedded ? null : `${world.baseUrl}/checkout/${id}`,
  };
  world.sessions.set(id, session);
  world.intents.set(id, intent);
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
  if (session.mode !== 'subscription') {
    throw new ApiError(409, 'invalid_request_error', `Checkout session ${session.id} is in ${session.mode} mode; pay it (POST /__control/checkout/sessions/${session.id}/pay) instead.`);
  }
  const intent = world.intents.get(session.id);
  if (!intent?.price) throw new ApiError(500, 'api_error', `Checkout session ${session.id} lost its line item`);
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
    customer_details: customerDetailsOf(world.customers.get(customerId)?.email ?? null),
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
