import { assertDestination } from './connect.ts';
import { ALLOWED, ApiError, checkParams, invalid } from './errors.ts';
import { bool, int, mergeMetadata, str, type FormParams, type FormValue } from './form.ts';
import { customerDetailsOf, newId, randomToken, type ApplicationFee, type Charge, type CheckoutSession, type PaymentIntent, type Refund } from './objects.ts';
import type { World } from './world.ts';

/**
 * One-off payments as a payment-mode Checkout Session makes them: a PaymentIntent with one card
 * charge, optionally a destination charge (`transfer_data.destination`) that moves the money to a
 * connected account minus `application_fee_amount`, captured at once or held for a manual capture.
 */
const CANCELLATION_REASONS = new Set(['abandoned', 'duplicate', 'fraudulent', 'requested_by_customer']);
const REFUND_REASONS = new Set(['duplicate', 'fraudulent', 'requested_by_customer']);
// The application that owns every fee: the platform the stand-in plays.
const PLATFORM_APPLICATION = 'ca_standin_platform';

/** A non-negative amount in the smallest currency unit, refused as Stripe refuses it. */
export function amountParam(value: FormValue | undefined, param: string): number | undefined {
  if (value === undefined) return undefined;
  const amount = int(value);
  if (amount === undefined) throw invalid(`Invalid integer: ${typeof value === 'string' ? value : 'an object'}`, param);
  if (amount < 0) throw invalid('This value must be greater than or equal to 0.', param);
  return amount;
}

function unexpectedState(intent: PaymentIntent, action: string, allowed: string): ApiError {
  return invalid(
    `This PaymentIntent could not be ${action} because it has a status of ${intent.status}. Only a PaymentIntent with one of the following statuses may be ${action}: ${allowed}.`,
    undefined,
    'payment_intent_unexpected_state',
  );
}

/** The money moves: the transfer to the destination and the platform's fee, made when a charge is captured. */
function settle(world: World, intent: PaymentIntent, charge: Charge): void {
  const destination = intent.transfer_data?.destination;
  if (!destination) return;
  charge.transfer = newId('tr');
  if (intent.application_fee_amount === null) return;
  const feeId = newId('fee');
  const fee: ApplicationFee = {
    id: feeId,
    object: 'application_fee',
    account: destination,
    amount: intent.application_fee_amount,
    amount_refunded: 0,
    application: PLATFORM_APPLICATION,
    charge: charge.id,
    created: world.now(),
    currency: charge.currency,
    livemode: false,
    originating_transaction: null,
    refunded: false,
    refunds: { object: 'list', data: [], has_more: false, url: `/v1/application_fees/${feeId}/refunds` },
  };
  world.applicationFees.set(fee.id, fee);
  charge.application_fee = fee.id;
  world.emit('application_fee.created', fee);
}

/**
 * The guest paying a payment-mode session: its PaymentIntent and charge, the session complete and
 * paid, and the events Stripe sends the platform. A manual capture leaves the intent
 * `requires_capture`, announced by `payment_intent.amount_capturable_updated`.
 */
export function payCheckoutSession(world: World, session: CheckoutSession): PaymentIntent {
  if (session.mode !== 'payment') {
    throw new ApiError(409, 'invalid_request_error', `Checkout session ${session.id} is in ${session.mode} mode; complete it instead of paying it.`);
  }
  if (session.status !== 'open') {
    throw new ApiError(409, 'invalid_request_error', `Checkout session ${session.id} is ${session.status}; only an open session can be paid.`);
  }
  if (world.now() >= session.expires_at) throw new ApiError(409, 'invalid_request_error', `Checkout session ${session.id} expired at ${session.expires_at}; expire it instead.`);
  const plan = world.intents.get(session.id)?.payment;
  if (!plan) throw new ApiError(500, 'api_error', `Checkout session ${session.id} lost its payment_intent_data`);
  // The host may have lost their account's charges since the session was made; the charge fails then.
  if (plan.destination) assertDestination(world, plan.destination, 'payment_intent_data[transfer_data][destination]');
  const now = world.now();
  const manual = plan.captureMethod === 'manual';
  const amount = session.amount_total;
  const paymentMethod = newId('pm');
  const intent: PaymentIntent = {
    id: newId('pi'),
    object: 'payment_intent',
    amount,
    amount_capturable: manual ? amount : 0,
    amount_received: manual ? 0 : amount,
    application: null,
    application_fee_amount: plan.applicationFeeAmount,
    canceled_at: null,
    cancellation_reason: null,
    capture_method: plan.captureMethod,
    client_secret: '',
    confirmation_method: 'automatic',
    created: now,
    currency: session.currency,
    customer: session.customer,
    description: plan.description,
    last_payment_error: null,
    latest_charge: null,
    livemode: false,
    metadata: { ...plan.metadata },
    next_action: null,
    on_behalf_of: null,
    payment_method: paymentMethod,
    payment_method_types: ['card'],
    receipt_email: plan.receiptEmail,
    status: manual ? 'requires_capture' : 'succeeded',
    transfer_data: plan.destination ? { destination: plan.destination } : null,
    transfer_group: plan.destination ? `group_${session.id}` : null,
  };
  intent.client_secret = `${intent.id}_secret_${randomToken(24)}`;
  const charge: Charge = {
    id: newId('ch'),
    object: 'charge',
    amount,
    amount_captured: manual ? 0 : amount,
    amount_refunded: 0,
    application: null,
    application_fee: null,
    application_fee_amount: plan.applicationFeeAmount,
    captured: !manual,
    created: now,
    currency: session.currency,
    customer: session.customer,
    description: plan.description,
    livemode: false,
    metadata: { ...plan.metadata },
    paid: true,
    payment_intent: intent.id,
    payment_method: paymentMethod,
    receipt_email: plan.receiptEmail,
    refunded: false,
    status: 'succeeded',
    transfer: null,
    transfer_data: plan.destination ? { amount: null, destination: plan.destination } : null,
    transfer_group: intent.transfer_group,
  };
  intent.latest_charge = charge.id;
  world.paymentIntents.set(intent.id, intent);
  world.charges.set(charge.id, charge);
  const email = session.customer_email ?? (session.customer ? world.customers.get(session.customer)?.email : undefined) ?? 'guest@example.test';
  Object.assign(session, {
    customer_details: customerDetailsOf(email),
    payment_intent: intent.id,
    payment_status: 'paid',
    status: 'complete',
  });
  world.emit('charge.succeeded', charge);
  world.emit(manual ? 'payment_intent.amount_capturable_updated' : 'payment_intent.succeeded', intent);
  if (!manual) settle(world, intent, charge);
  world.emit('checkout.session.completed', session);
  return intent;
}

export function capturePaymentIntent(world: World, params: FormParams, id: string): PaymentIntent {
  checkParams(params, ALLOWED.paymentIntentCapture);
  for (const key of ['amount_details', 'final_capture', 'hooks', 'payment_details', 'transfer_data']) {
    if (params[key] !== undefined) throw invalid(`The stand-in does not support \`${key}\` on a capture.`, key);
  }
  const intent = world.paymentIntent(id);
  if (intent.status !== 'requires_capture') throw unexpectedState(intent, 'captured', 'requires_capture');
  const toCapture = amountParam(params['amount_to_capture'], 'amount_to_capture') ?? intent.amount_capturable;
  if (toCapture > intent.amount_capturable) {
    throw invalid(`The amount to capture (${toCapture}) is greater than the amount capturable (${intent.amount_capturable}).`, 'amount_to_capture', 'amount_too_large');
  }
  const fee = amountParam(params['application_fee_amount'], 'application_fee_amount');
  if (fee !== undefined) {
    if (!intent.transfer_data) throw invalid('Can only apply an application_fee_amount to a destination charge (with `transfer_data[destination]`).', 'application_fee_amount');
    if (fee > toCapture) throw invalid(`The application fee (${fee}) cannot be greater than the amount captured (${toCapture}).`, 'application_fee_amount');
    intent.application_fee_amount = fee;
  } else if (intent.application_fee_amount !== null && intent.application_fee_amount > toCapture) {
    throw invalid(`The application fee (${intent.application_fee_amount}) cannot be greater than the amount captured (${toCapture}).`, 'amount_to_capture');
  }
  const charge = world.charge(intent.latest_charge ?? '');
  intent.metadata = mergeMetadata(intent.metadata, params['metadata']);
  intent.status = 'succeeded';
  intent.amount_capturable = 0;
  intent.amount_received = toCapture;
  Object.assign(charge, { captured: true, amount_captured: toCapture, application_fee_amount: intent.application_fee_amount, metadata: { ...intent.metadata } });
  world.emit('charge.captured', charge);
  world.emit('payment_intent.succeeded', intent);
  settle(world, intent, charge);
  return intent;
}

export function cancelPaymentIntent(world: World, params: FormParams, id: string): PaymentIntent {
  checkParams(params, ALLOWED.paymentIntentCancel);
  const reason = str(params['cancellation_reason']);
  if (reason !== undefined && !CANCELLATION_REASONS.has(reason)) {
    throw invalid(`Invalid cancellation_reason: must be one of ${[...CANCELLATION_REASONS].join(', ')}`, 'cancellation_reason');
  }
  const intent = world.paymentIntent(id);
  // A Checkout Session's intent only ever reaches the stand-in paid; of those, only a held one can be canceled.
  if (intent.status !== 'requires_capture') throw unexpectedState(intent, 'canceled', 'requires_payment_method, requires_capture, requires_confirmation, requires_action, processing');
  const charge = world.charge(intent.latest_charge ?? '');
  intent.status = 'canceled';
  intent.canceled_at = world.now();
  intent.cancellation_reason = (reason ?? null) as PaymentIntent['cancellation_reason'];
  intent.amount_capturable = 0;
  // The held amount goes back to the card, which Stripe shows as a refund of the uncaptured charge.
  Object.assign(charge, { amount_refunded: charge.amount, refunded: true });
  world.emit('payment_intent.canceled', intent);
  return intent;
}

export function createRefund(world: World, params: FormParams): Refund {
  checkParams(params, ALLOWED.refundCreate);
  for (const key of ['currency', 'customer', 'instructions_email', 'origin']) {
    if (params[key] !== undefined) throw invalid(`The stand-in refunds card payments only: \`${key}\` is not supported.`, key);
  }
  const intentId = str(params['payment_intent']);
  const chargeId = str(params['charge']);
  if (!intentId && !chargeId) throw invalid('One of the following params should be provided for this request: payment_intent or charge.', 'payment_intent');
  if (intentId && chargeId) throw invalid('You may only specify one of these parameters: charge, payment_intent.', 'charge');
  const charge = chargeId ? world.charge(chargeId, 'charge', 400) : world.charge(world.paymentIntent(intentId ?? '', 'payment_intent', 400).latest_charge ?? '', 'payment_intent', 400);
  const intent = world.paymentIntent(charge.payment_intent, 'payment_intent', 400);
  if (intent.status !== 'succeeded') throw invalid(`This PaymentIntent (${intent.id}) does not have a successful charge to refund.`, 'payment_intent');
  const remaining = charge.amount_captured - charge.amount_refunded;
  if (remaining <= 0) throw invalid(`Charge ${charge.id} has already been refunded.`, undefined, 'charge_already_refunded');
  const amount = amountParam(params['amount'], 'amount') ?? remaining;
  if (amount < 1) throw invalid('Refund amount must be at least 1.', 'amount');
  if (amount > remaining) throw invalid(`Refund amount (${amount}) is greater than unrefunded amount on charge (${remaining})`, 'amount', 'amount_too_large');
  const reason = str(params['reason']);
  if (reason !== undefined && !REFUND_REASONS.has(reason)) throw invalid(`Invalid reason: must be one of ${[...REFUND_REASONS].join(', ')}`, 'reason');
  const reverseRaw = params['reverse_transfer'];
  const reverse = bool(reverseRaw);
  if (reverseRaw !== undefined && reverse === undefined) throw invalid('Invalid boolean: must be true or false.', 'reverse_transfer');
  const refundFeeRaw = params['refund_application_fee'];
  const refundFee = bool(refundFeeRaw);
  if (refundFeeRaw !== undefined && refundFee === undefined) throw invalid('Invalid boolean: must be true or false.', 'refund_application_fee');
  if (reverse && !charge.transfer) throw invalid('`reverse_transfer` can only be used when refunding a destination charge.', 'reverse_transfer');
  const refund: Refund = {
    id: newId('re'),
    object: 'refund',
    amount,
    balance_transaction: null,
    charge: charge.id,
    created: world.now(),
    currency: charge.currency,
    customer: charge.customer,
    customer_account: null,
    metadata: mergeMetadata({}, params['metadata']),
    payment_intent: intent.id,
    payment_method: charge.payment_method,
    reason: (reason ?? null) as Refund['reason'],
    receipt_number: null,
    source_transfer_reversal: null,
    status: 'succeeded',
    transfer_reversal: reverse ? newId('trr') : null,
  };
  world.refunds.set(refund.id, refund);
  charge.amount_refunded += amount;
  charge.refunded = charge.amount_refunded >= charge.amount_captured;
  world.emit('refund.created', refund);
  world.emit('charge.refunded', charge);
  const fee = refundFee && charge.application_fee ? world.applicationFees.get(charge.application_fee) : undefined;
  if (fee && fee.amount_refunded < fee.amount) {
    // Stripe gives back the share of the fee that the refund is of the charge; a full refund, all of it.
    const share = charge.refunded ? fee.amount - fee.amount_refunded : Math.min(fee.amount - fee.amount_refunded, Math.round((fee.amount * amount) / charge.amount_captured));
    fee.amount_refunded += share;
    fee.refunded = fee.amount_refunded >= fee.amount;
    fee.refunds.data.unshift({ id: newId('fr'), object: 'fee_refund', amount: share, balance_transaction: null, created: world.now(), currency: fee.currency, fee: fee.id, metadata: {} });
    world.emit('application_fee.refunded', fee);
  }
  return refund;
}
