/**
 * Text from a signed Stripe body we may look up, store and send on to Stripe: not empty, no NUL
 * (PostgreSQL text cannot hold one), no lone surrogate (the SDK's encodeURIComponent throws on
 * one). The signature proves who sent a body, not its shape (docs/security.md 29).
 */
export function isUsableText(value: unknown): value is string {
  return typeof value === 'string' && value !== '' && !value.includes('\0') && value.isWellFormed();
}
