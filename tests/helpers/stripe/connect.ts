import { ALLOWED, checkParams, invalid, missingParam } from './errors.ts';
import { bool, mergeMetadata, obj, str, type FormParams } from './form.ts';
import {
  newId,
  previousAttributes,
  randomToken,
  type Account,
  type AccountController,
  type AccountLink,
  type AccountRequirements,
  type CapabilityStatus,
  type LoginLink,
  type OnboardingLink,
} from './objects.ts';
import type { World } from './world.ts';

/**
 * Stripe Connect as a platform sees it: connected accounts, the onboarding they go through behind an
 * account link, and the Express Dashboard behind a login link. Changes to an account reach the
 * platform as Connect events (`account` set), which go to the Connect endpoint, not the platform's.
 */

// The capabilities Stripe lets a platform request (AccountCreateParams.Capabilities in the SDK).
const CAPABILITIES = new Set(
  (
    'acss_debit_payments affirm_payments afterpay_clearpay_payments alma_payments amazon_pay_payments app_distribution au_becs_debit_payments bacs_debit_payments ' +
    'bancontact_payments bank_transfer_payments billie_payments bizum_payments blik_payments blik_recurring_payments boleto_payments card_issuing card_payments ' +
    'cartes_bancaires_payments cashapp_payments crypto_payments eps_payments fpx_payments gb_bank_transfer_payments giropay_payments grabpay_payments ideal_payments ' +
    'india_international_payments jcb_payments jp_bank_transfer_payments kakao_pay_payments klarna_payments konbini_payments kr_card_payments legacy_payments link_payments ' +
    'mb_way_payments mobilepay_payments multibanco_payments mx_bank_transfer_payments naver_pay_payments nz_bank_account_becs_debit_payments oxxo_payments p24_payments ' +
    'pay_by_bank_payments payco_payments paynow_payments paypay_payments payto_payments pix_payments promptpay_payments revolut_pay_payments samsung_pay_payments ' +
    'satispay_payments scalapay_payments sepa_bank_transfer_payments sepa_debit_payments sequra_payments sofort_payments sunbit_payments swish_payments ' +
    'tax_reporting_us_1099_k tax_reporting_us_1099_misc transfers treasury twint_payments upi_payments us_bank_account_ach_payments us_bank_transfer_payments wero_payments zip_payments'
  ).split(' '),
);
const ACCOUNT_TYPES = new Set(['custom', 'express', 'standard']);
const BUSINESS_TYPES = new Set(['company', 'government_entity', 'individual', 'non_profit']);
// Parameters Stripe takes that the stand-in does not model; refused rather than silently dropped.
const UNMODELLED = ['account_token', 'business_profile', 'company', 'documents', 'external_account', 'groups', 'individual', 'settings', 'tos_acceptance'];
// What a fresh account still owes before it can take charges; onboarding clears it.
const DUE = ['business_type', 'external_account', 'tos_acceptance.date', 'tos_acceptance.ip'];
const ACCOUNT_LINK_SECONDS = 300;
const EURO_COUNTRIES = new Set(['AT', 'BE', 'CY', 'DE', 'EE', 'ES', 'FI', 'FR', 'GR', 'HR', 'IE', 'IT', 'LT', 'LU', 'LV', 'MT', 'NL', 'PT', 'SI', 'SK']);
const OTHER_CURRENCIES: Record<string, string> = { US: 'usd', GB: 'gbp', CH: 'chf', CA: 'cad', AU: 'aud', SE: 'sek', DK: 'dkk', NO: 'nok', PL: 'pln' };

function requirements(due: string[]): AccountRequirements {
  return {
    alternatives: [],
    current_deadline: null,
    currently_due: [...due],
    disabled_reason: due.length > 0 ? 'requirements.past_due' : null,
    errors: [],
    eventually_due: [...due],
    past_due: [...due],
    pending_verification: [],
  };
}

/** The `controller` Stripe reports for each legacy `type`. */
function controllerOfType(type: string): AccountController {
  const base = { is_controller: true as const, type: 'application' as const };
  if (type === 'express') return { ...base, fees: { payer: 'application_express' }, losses: { payments: 'application' }, requirement_collection: 'stripe', stripe_dashboard: { type: 'express' } };
  if (type === 'custom') return { ...base, fees: { payer: 'application_custom' }, losses: { payments: 'application' }, requirement_collection: 'application', stripe_dashboard: { type: 'none' } };
  return { ...base, fees: { payer: 'account' }, losses: { payments: 'stripe' }, requirement_collection: 'stripe', stripe_dashboard: { type: 'full' } };
}

function oneOf<T extends string>(value: string | undefined, allowed: readonly T[], param: string, fallback: T): T {
  if (value === undefined) return fallback;
  if (!(allowed as readonly string[]).includes(value)) throw invalid(`Invalid ${param.replace(/.*\[(\w+)\]$/, '$1')}: must be one of ${allowed.join(', ')}`, param);
  return value as T;
}

/** The controller asked for, with Stripe's defaults, refusing the combinations Stripe refuses. */
function controllerOf(params: FormParams): AccountController {
  checkParams(params, ALLOWED.accountController, 'controller');
  const dashboard = oneOf(str(obj(params['stripe_dashboard'])?.['type']), ['express', 'full', 'none'] as const, 'controller[stripe_dashboard][type]', 'full');
  // Without a full Dashboard the platform is the one that answers for the account by default.
  const platformSide = dashboard !== 'full';
  const payer = oneOf(str(obj(params['fees'])?.['payer']), ['account', 'application'] as const, 'controller[fees][payer]', platformSide ? 'application' : 'account');
  const losses = oneOf(str(obj(params['losses'])?.['payments']), ['application', 'stripe'] as const, 'controller[losses][payments]', platformSide ? 'application' : 'stripe');
  const collection = oneOf(str(params['requirement_collection']), ['application', 'stripe'] as const, 'controller[requirement_collection]', 'stripe');
  if (collection === 'application' && (dashboard !== 'none' || losses !== 'application')) {
    throw invalid(
      'When `controller[requirement_collection]` is `application`, `controller[stripe_dashboard][type]` must be `none` and `controller[losses][payments]` must be `application`.',
      'controller[requirement_collection]',
    );
  }
  if (losses === 'stripe' && payer !== 'account') {
    throw invalid('When `controller[losses][payments]` is `stripe`, `controller[fees][payer]` must be `account`.', 'controller[fees][payer]');
  }
  const fees = payer === 'account' ? 'account' : dashboard === 'express' ? 'application_express' : collection === 'application' ? 'application_custom' : 'application';
  return { fees: { payer: fees }, is_controller: true, losses: { payments: losses }, requirement_collection: collection, stripe_dashboard: { type: dashboard }, type: 'application' };
}

/** The legacy `type` Stripe still reports for an account made with `controller`. */
function typeOf(controller: AccountController): Account['type'] {
  if (controller.stripe_dashboard.type === 'express') return 'express';
  if (controller.stripe_dashboard.type === 'full') return 'standard';
  return controller.requirement_collection === 'application' ? 'custom' : 'none';
}

function capabilitiesOf(params: FormParams | undefined): Record<string, CapabilityStatus> {
  checkParams(params, CAPABILITIES, 'capabilities');
  const capabilities: Record<string, CapabilityStatus> = {};
  for (const [name, value] of Object.entries(params ?? {})) {
    const param = `capabilities[${name}]`;
    const capability = obj(value);
    if (!capability) throw invalid('Invalid object', param);
    checkParams(capability, ALLOWED.accountCapability, param);
    const requested = bool(capability['requested']);
    if (requested === undefined) throw invalid('Invalid boolean: must be true or false.', `${param}[requested]`);
    // Requested capabilities wait for onboarding, as on Stripe; unrequested ones are not listed.
    if (requested) capabilities[name] = 'inactive';
  }
  return capabilities;
}

export function createAccount(world: World, params: FormParams): Account {
  checkParams(params, ALLOWED.accountCreate);
  for (const key of UNMODELLED) {
    if (params[key] !== undefined) throw invalid(`The stand-in does not support \`${key}\` on accounts.`, key);
  }
  const type = str(params['type']);
  const controllerParams = obj(params['controller']);
  if (type !== undefined && controllerParams !== undefined) throw invalid('You may not provide both `type` and `controller`. Use `controller` alone.', 'type');
  if (type !== undefined && !ACCOUNT_TYPES.has(type)) throw invalid('Invalid type: must be one of custom, express, or standard', 'type');
  const controller = controllerParams ? controllerOf(controllerParams) : controllerOfType(type ?? 'standard');
  // Stripe defaults to the platform's country; the stand-in's platform charges in euros, in Germany.
  const country = str(params['country']) ?? 'DE';
  if (!/^[A-Z]{2}$/.test(country)) throw invalid(`Country '${country}' is unknown. Use a two-letter country code such as 'DE' or 'US'.`, 'country');
  const defaultCurrency = str(params['default_currency']) ?? (EURO_COUNTRIES.has(country) ? 'eur' : (OTHER_CURRENCIES[country] ?? 'usd'));
  if (!/^[a-z]{3}$/.test(defaultCurrency)) throw invalid(`Invalid currency: ${defaultCurrency}.`, 'default_currency');
  const businessType = str(params['business_type']);
  if (businessType !== undefined && !BUSINESS_TYPES.has(businessType)) throw invalid(`Invalid business_type: must be one of ${[...BUSINESS_TYPES].join(', ')}`, 'business_type');
  const id = newId('acct');
  const account: Account = {
    id,
    object: 'account',
    business_profile: { mcc: null, name: null, product_description: null, support_email: null, support_phone: null, support_url: null, url: null },
    business_type: businessType ?? null,
    capabilities: capabilitiesOf(obj(params['capabilities'])),
    charges_enabled: false,
    controller,
    country,
    created: world.now(),
    default_currency: defaultCurrency,
    details_submitted: false,
    email: str(params['email']) ?? null,
    external_accounts: { object: 'list', data: [], has_more: false, url: `/v1/accounts/${id}/external_accounts` },
    future_requirements: requirements([]),
    metadata: mergeMetadata({}, params['metadata']),
    payouts_enabled: false,
    requirements: requirements(DUE.filter((field) => field !== 'business_type' || businessType === undefined)),
    tos_acceptance: { date: null, ip: null, user_agent: null },
    type: type ? (type as Account['type']) : typeOf(controller),
  };
  world.accounts.set(id, account);
  return account;
}

/** Sends `account.updated` as the Connect event it is, if anything changed. */
function emitAccountUpdated(world: World, account: Account, before: Account): void {
  if (previousAttributes(before, account)) world.emit('account.updated', account, before, account.id);
}

/** The account holder finishing onboarding: everything due is given, requested capabilities go active. */
export function completeOnboarding(world: World, account: Account): Account {
  const before = structuredClone(account);
  account.business_type ??= 'individual';
  account.charges_enabled = true;
  account.details_submitted = true;
  account.payouts_enabled = true;
  account.requirements = requirements([]);
  account.tos_acceptance = { date: account.tos_acceptance.date ?? world.now(), ip: account.tos_acceptance.ip ?? '127.0.0.1', user_agent: account.tos_acceptance.user_agent ?? 'stand-in' };
  for (const name of Object.keys(account.capabilities)) account.capabilities[name] = 'active';
  emitAccountUpdated(world, account, before);
  return account;
}

/** Whatever Stripe might do to an account on its own (restrict charges, pause payouts), as one change. */
export function setAccount(world: World, account: Account, patch: Record<string, unknown>): Account {
  const before = structuredClone(account);
  for (const key of ['charges_enabled', 'payouts_enabled', 'details_submitted'] as const) {
    const value = patch[key];
    if (value === undefined) continue;
    if (typeof value !== 'boolean') throw invalid(`${key} must be a boolean`, key);
    account[key] = value;
  }
  const capabilities = patch['capabilities'];
  if (capabilities !== undefined) {
    if (capabilities === null || typeof capabilities !== 'object' || Array.isArray(capabilities)) throw invalid('capabilities must be an object', 'capabilities');
    for (const [name, status] of Object.entries(capabilities)) {
      if (!CAPABILITIES.has(name)) throw invalid(`Unknown capability ${name}`, 'capabilities');
      if (status !== 'active' && status !== 'inactive' && status !== 'pending') throw invalid('A capability is active, inactive or pending', 'capabilities');
      account.capabilities[name] = status;
    }
  }
  const reason = patch['disabled_reason'];
  if (reason !== undefined && reason !== null && typeof reason !== 'string') throw invalid('disabled_reason must be a string or null', 'disabled_reason');
  // Stripe always says why charges are off; a patch that turns them off without a reason gets the usual one.
  if (reason !== undefined) account.requirements.disabled_reason = reason;
  else if (patch['charges_enabled'] === false) account.requirements.disabled_reason ??= 'requirements.past_due';
  else if (patch['charges_enabled'] === true) account.requirements.disabled_reason = null;
  emitAccountUpdated(world, account, before);
  return account;
}

/**
 * Refuses a destination that could not receive the funds of a destination charge. Stripe checks the
 * `transfers` capability; the stand-in also checks `charges_enabled`, so that one flag stands for a
 * host whose account Stripe has restricted.
 */
export function assertDestination(world: World, id: string, param: string): void {
  const account = world.account(id, param, 400);
  if (account.capabilities['transfers'] !== 'active') {
    throw invalid(
      `Your destination account needs to have at least one of the following capabilities enabled: transfers, crypto_transfers, legacy_payments (destination ${id}).`,
      param,
    );
  }
  if (!account.charges_enabled) throw invalid(`The destination account ${id} cannot receive charges at the moment: its charges_enabled is false.`, param);
}

export function deleteAccount(world: World, params: FormParams, id: string): object {
  checkParams(params, ALLOWED.accountDelete);
  world.account(id);
  world.accounts.delete(id);
  for (const [token, link] of world.onboardingLinks) if (link.account === id) world.onboardingLinks.delete(token);
  return { id, object: 'account', deleted: true };
}

function urlParam(params: FormParams, key: string): string {
  const value = str(params[key]);
  if (!value) throw missingParam(key);
  if (!URL.canParse(value)) throw invalid('Not a valid URL', key, 'url_invalid');
  return value;
}

export function createAccountLink(world: World, params: FormParams): AccountLink {
  checkParams(params, ALLOWED.accountLinkCreate);
  const accountId = str(params['account']);
  if (!accountId) throw missingParam('account');
  const type = str(params['type']);
  if (!type) throw missingParam('type');
  if (type !== 'account_onboarding' && type !== 'account_update') throw invalid('Invalid type: must be one of account_onboarding or account_update', 'type');
  const account = world.account(accountId, 'account', 400);
  if (type === 'account_update' && account.controller.requirement_collection !== 'application') {
    throw invalid('You can create Account Links of type `account_update` only for connected accounts where your platform is responsible for collecting requirements.', 'type');
  }
  const refreshUrl = urlParam(params, 'refresh_url');
  const returnUrl = urlParam(params, 'return_url');
  const created = world.now();
  const link: OnboardingLink = { token: randomToken(24), account: account.id, type, refresh_url: refreshUrl, return_url: returnUrl, expires_at: created + ACCOUNT_LINK_SECONDS, visited: false, finished: false };
  world.onboardingLinks.set(link.token, link);
  return { object: 'account_link', created, expires_at: link.expires_at, url: `${world.baseUrl}/connect/onboarding/${link.token}` };
}

export function createLoginLink(world: World, params: FormParams, id: string): LoginLink {
  checkParams(params, ALLOWED.retrieve);
  const account = world.account(id, 'account', 404);
  if (account.controller.stripe_dashboard.type !== 'express') {
    throw invalid('Login links can only be created for connected accounts with access to the Express Dashboard.', 'account');
  }
  if (!account.details_submitted) throw invalid('Cannot create a login link for an account that has not completed onboarding.', 'account');
  return { object: 'login_link', created: world.now(), url: `${world.baseUrl}/connect/dashboard/${account.id}/${randomToken(16)}` };
}

/**
 * What following an account link leads to: the onboarding page on the first visit, and refresh_url
 * once the link is spent or expired (Stripe's links are single-use and last minutes). Finishing
 * completes the account and leads to return_url.
 */
export function followOnboardingLink(world: World, token: string, finishing: boolean): { link: OnboardingLink; redirect?: string } | undefined {
  const link = world.onboardingLinks.get(token);
  if (!link) return undefined;
  const spent = link.finished || (finishing ? !link.visited : link.visited);
  if (spent || world.now() >= link.expires_at || !world.accounts.has(link.account)) return { link, redirect: link.refresh_url };
  if (!finishing) {
    link.visited = true;
    return { link };
  }
  completeOnboarding(world, world.account(link.account));
  link.finished = true;
  return { link, redirect: link.return_url };
}
