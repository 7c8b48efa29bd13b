import type { LinkDecision } from '@shared/order-decision.ts';
import { generateToken, hashToken } from '../../http/session-token.ts';

/**
 * The single-use token of the Approve and Decline links in the host's mail (docs/decisions/020,
 * docs/security.md 11): 32 random bytes as base64url, only its SHA-256 kept in
 * `orders.decision_token_hash`. It is made when an order starts waiting for the host (a request,
 * or a host-approved order once its card is authorised) and set back to null in the transaction
 * that takes the order out of `requested`, whatever takes it out.
 */
export interface DecisionToken {
  /** For the mail only; never stored. */
  token: string;
  hash: string;
}

export function newDecisionToken(): DecisionToken {
  const token = generateToken();
  return { token, hash: hashToken(token) };
}

/** `/orders/<id>/approve?token=…`: the page that shows the order and asks to confirm (a GET changes nothing). */
export function decisionLink(appUrl: URL, orderId: string, decision: LinkDecision, token: string): string {
  const url = new URL(`/orders/${encodeURIComponent(orderId)}/${decision}`, appUrl);
  url.searchParams.set('token', token);
  return url.href;
}

/** The lines of the host's mail that carry both links. */
export function decisionLinkLines(appUrl: URL, orderId: string, token: string): string[] {
  return [`Approve: ${decisionLink(appUrl, orderId, 'approve', token)}`, `Decline: ${decisionLink(appUrl, orderId, 'decline', token)}`, 'Each link shows the order and asks you to confirm; it works once.'];
}
