import type { FormParams, FormValue } from './form.ts';

export type ApiErrorType = 'invalid_request_error' | 'card_error' | 'idempotency_error' | 'api_error';

/** An answer in Stripe's error format; thrown by handlers, turned into a response by the server. */
export class ApiError extends Error {
  readonly status: number;
  readonly type: ApiErrorType;
  readonly param: string | undefined;
  readonly code: string | undefined;

  constructor(status: number, type: ApiErrorType, message: string, param?: string, code?: string) {
    super(message);
    this.status = status;
    this.type = type;
    this.param = param;
    this.code = code;
  }

  toJSON(): { error: Record<string, string> } {
    const error: Record<string, string> = { type: this.type, message: this.message };
    if (this.param !== undefined) error['param'] = this.param;
    if (this.code !== undefined) error['code'] = this.code;
    return { error };
  }
}

export function invalid(message: string, param?: string, code?: string): ApiError {
  return new ApiError(400, 'invalid_request_error', message, param, code);
}

export function missingParam(param: string): ApiError {
  return invalid(`Missing required param: ${param}.`, param, 'parameter_missing');
}

export function noSuch(kind: string, id: string, param = 'id', status = 404): ApiError {
  return new ApiError(status, 'invalid_request_error', `No such ${kind}: '${id}'`, param, 'resource_missing');
}

function names(text: string): ReadonlySet<string> {
  return new Set(text.split(/\s+/).filter(Boolean));
}

/**
 * Parameter names of the endpoints served, copied from the SDK's `*Params` interfaces
 * (node_modules/stripe/esm/resources). Stripe refuses a name it does not know ("Received unknown
 * parameter"); so does the stand-in, so that a misspelt or retired parameter (a schedule phase's
 * `iterations`) fails here as it would in production. Accepted is not the same as implemented.
 */
const PAGE = 'limit starting_after ending_before expand';
export const ALLOWED = {
  retrieve: names('expand'),
  customerCreate: names(
    'address balance business_name cash_balance description email expand individual_name invoice_prefix invoice_settings metadata name next_invoice_sequence payment_method phone preferred_locales shipping source tax tax_exempt tax_id_data test_clock validate',
  ),
  customerUpdate: names(
    'address balance business_name cash_balance default_source description email expand individual_name invoice_prefix invoice_settings metadata name next_invoice_sequence phone preferred_locales shipping source tax tax_exempt validate',
  ),
  customerList: names(`${PAGE} created email test_clock`),
  priceList: names(`${PAGE} active created currency lookup_keys product recurring type`),
  checkoutCreate: names(
    'adaptive_pricing after_expiration allow_promotion_codes allowed_payment_method_types automatic_tax billing_address_collection branding_settings cancel_url client_reference_id consent_collection currency custom_fields custom_text customer customer_account customer_creation customer_email customer_update discounts excluded_payment_method_types expand expires_at integration_identifier invoice_creation line_items locale managed_payments metadata mode name_collection optional_items origin_context payment_intent_data payment_method_collection payment_method_configuration payment_method_data payment_method_options permissions phone_number_collection redirect_on_completion return_url saved_payment_method_options setup_intent_data shipping_address_collection shipping_options submit_type subscription_data success_url tax_id_collection ui_mode wallet_options',
  ),
  checkoutLineItem: names('adjustable_quantity metadata price price_data quantity tax_rates'),
  checkoutList: names(`${PAGE} created customer customer_account customer_details payment_intent payment_link status subscription`),
  subscriptionUpdate: names(
    'add_invoice_items application_fee_percent automatic_tax billing_cycle_anchor billing_schedules billing_thresholds cancel_at cancel_at_period_end cancellation_details collection_method days_until_due default_payment_method default_source default_tax_rates description discounts expand invoice_settings items metadata off_session on_behalf_of pause_collection payment_behavior payment_settings pending_invoice_item_interval proration_behavior proration_date transfer_data trial_end trial_from_plan trial_settings',
  ),
  subscriptionItem: names('billing_thresholds clear_usage current_trial deleted discounts id metadata plan price price_data quantity tax_rates'),
  subscriptionCancel: names('cancellation_details expand invoice_now prorate'),
  subscriptionList: names(
    `${PAGE} automatic_tax collection_method created current_period_end current_period_start customer customer_account plan price status test_clock`,
  ),
  subscriptionItemList: names(`${PAGE} subscription`),
  scheduleCreate: names('billing_mode customer customer_account default_settings end_behavior expand from_subscription metadata pause_schedules phases start_date'),
  scheduleUpdate: names('default_settings end_behavior expand metadata pause_schedules phases proration_behavior'),
  schedulePhase: names(
    'add_invoice_items application_fee_percent automatic_tax billing_cycle_anchor billing_thresholds collection_method currency default_payment_method default_tax_rates description discounts duration end_date invoice_settings items metadata on_behalf_of proration_behavior start_date transfer_data trial trial_end',
  ),
  schedulePhaseItem: names('billing_thresholds discounts metadata plan price price_data quantity tax_rates'),
  scheduleRelease: names('expand preserve_cancel_date'),
  portalCreate: names('after_expiration configuration customer customer_account expand flow_data locale on_behalf_of return_url'),
  invoicePreview: names(
    'automatic_tax currency customer customer_account customer_details discounts expand invoice_items issuer on_behalf_of preview_mode schedule schedule_details subscription subscription_details',
  ),
  accountCreate: names(
    'account_token business_profile business_type capabilities company controller country default_currency documents email expand external_account groups individual metadata settings tos_acceptance type',
  ),
  accountController: names('fees losses requirement_collection stripe_dashboard'),
  accountCapability: names('requested'),
  accountList: names(`${PAGE} created`),
  accountDelete: names(''),
  accountLinkCreate: names('account collect collection_options expand refresh_url return_url type'),
  checkoutPriceData: names('currency product product_data recurring tax_behavior unit_amount unit_amount_decimal'),
  checkoutProductData: names('description images metadata name tax_code tax_details'),
  checkoutPaymentIntentData: names(
    'application_fee_amount capture_method description metadata on_behalf_of receipt_email setup_future_usage shipping statement_descriptor statement_descriptor_suffix transfer_data transfer_group',
  ),
  checkoutTransferData: names('amount destination'),
  paymentIntentRetrieve: names('client_secret expand'),
  paymentIntentCapture: names(
    'amount_details amount_to_capture application_fee_amount expand final_capture hooks metadata payment_details statement_descriptor statement_descriptor_suffix transfer_data',
  ),
  paymentIntentCancel: names('cancellation_reason expand'),
  refundCreate: names('amount charge currency customer expand instructions_email metadata origin payment_intent reason refund_application_fee reverse_transfer'),
  previewSubscriptionDetails: names(
    'billing_cycle_anchor billing_mode billing_schedules cancel_at cancel_at_period_end cancel_now default_tax_rates items metadata pause proration_behavior proration_date resume_at start_date trial_end',
  ),
} as const;

/** Refuses the first parameter not in `allowed`, named as Stripe names it (`phases[1][iterations]`). */
export function checkParams(params: FormParams | undefined, allowed: ReadonlySet<string>, prefix = ''): void {
  for (const key of Object.keys(params ?? {})) {
    if (allowed.has(key)) continue;
    const name = prefix ? `${prefix}[${key}]` : key;
    throw invalid(`Received unknown parameter: ${name}`, name, 'parameter_unknown');
  }
}

/** The same check on each element of an array parameter. */
export function checkEach(values: FormValue[], allowed: ReadonlySet<string>, prefix: string): void {
  values.forEach((value, index) => {
    if (typeof value === 'string' || Array.isArray(value)) throw invalid('Invalid object', `${prefix}[${index}]`);
    checkParams(value, allowed, `${prefix}[${index}]`);
  });
}
