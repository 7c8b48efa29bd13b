import { planIntentQuery, type PlanIntent } from '@shared/plan-intent.ts';
import type { Config } from '../platform/config.ts';
import type { MailMessage } from '../platform/mail/mailer.ts';

/**
 * The mails of the account flows. Links are built from APP_URL, never from the request's Host
 * header (docs/security.md 11), with the query names of docs/product.md §2. Plain text only: a name typed by a
 * user never becomes HTML.
 */
type AppConfig = Pick<Config, 'appUrl'>;

function link(config: AppConfig, pathname: string, params: Record<string, string>): string {
  const url = new URL(pathname, config.appUrl);
  for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
  return url.href;
}

function greeting(name: string): string {
  return `Hello ${name.replace(/[\s\p{Cc}]+/gu, ' ').trim()},`;
}

const SIGNATURE = ['', '— Porchlight', ''];

/** A plain-text mail: the greeting, the paragraphs a blank line apart, the signature. */
function accountMail(to: string, name: string, subject: string, paragraphs: string[]): MailMessage {
  return { to, subject, text: [greeting(name), ...paragraphs.flatMap((paragraph) => ['', paragraph]), ...SIGNATURE].join('\n') };
}

/** `intent`: a plan chosen before registering; the link carries it on to the checkout (plan-intent.ts). */
export function verificationMail(config: AppConfig, { to, name, token, intent = null }: { to: string; name: string; token: string; intent?: PlanIntent | null }): MailMessage {
  const url = link(config, '/verify-email', { token, name, ...planIntentQuery(intent) });
  return accountMail(to, name, 'Verify your email for Porchlight', ['Please confirm your email address to finish creating your Porchlight account:', url, 'The link works for 24 hours. If you did not sign up, ignore this email.']);
}

/** Sent instead of a verification mail when the address already has an account (docs/security.md 10). */
export function alreadyRegisteredMail(config: AppConfig, { to, name, google, intent = null }: { to: string; name: string; google: boolean; intent?: PlanIntent | null }): MailMessage {
  // A plan chosen on the way: signing in from this link opens its checkout.
  const login = link(config, '/login', planIntentQuery(intent));
  const how = google ? `Sign in with Google as before at ${login}` : `Sign in at ${login}, or reset your password at ${link(config, '/forgotPassword', {})}`;
  return accountMail(to, name, 'Someone tried to register with your email', ['Someone (perhaps you) tried to create a Porchlight account with this email address, which already has an account. No new account was created.', `${how}.`, 'If this was not you, you can ignore this email.']);
}

export function resetPasswordMail(config: AppConfig, { to, name, token }: { to: string; name: string; token: string }): MailMessage {
  const url = link(config, '/resetPassword', { token, email: to });
  return accountMail(to, name, 'Reset your Porchlight password', ['Follow this link to choose a new password:', url, 'The link works for one hour and only once. If you did not ask for it, ignore this email: your password stays as it is.']);
}

/** Past the per-account failure limit, a right password from a new browser gets this link (login-user.ts). */
export function loginLinkMail(config: AppConfig, { to, name, token }: { to: string; name: string; token: string }): MailMessage {
  const url = link(config, '/login', { link: token });
  return accountMail(to, name, 'Your Porchlight sign-in link', [
    'Many failed sign-ins to your account came from elsewhere, so we ask for one more step. Open this link to sign in:',
    url,
    'The link works for 15 minutes and only once. If you did not just try to sign in, someone else knows your password: change it once signed in.',
  ]);
}

/** A reset asked for an account that signs in with Google: there is no password to reset. */
export function resetGoogleAccountMail(config: AppConfig, { to, name }: { to: string; name: string }): MailMessage {
  return accountMail(to, name, 'Reset your Porchlight password', [`Your Porchlight account signs in with Google, so it has no password to reset. Use "Sign in with Google" at ${link(config, '/login', {})}.`]);
}

export function emailChangeMail(config: AppConfig, { to, name, token }: { to: string; name: string; token: string }): MailMessage {
  const url = link(config, '/verify-email-change', { token, name });
  return accountMail(to, name, 'Confirm your new email for Porchlight', ['Please confirm that this is the new email address of your Porchlight account:', url, 'Your address changes only once you open this link (within 24 hours, signed in). If you did not ask for this, ignore this email.']);
}

/** Tells the old address that the account moved, so a hijack does not go unnoticed. */
export function emailChangedNoticeMail(_config: AppConfig, { to, name, newEmail }: { to: string; name: string; newEmail: string }): MailMessage {
  return accountMail(to, name, 'Your Porchlight email was changed', [`The email address of your Porchlight account was changed to ${newEmail}. If you did not do this, contact us at once through the contact form on our website.`]);
}
