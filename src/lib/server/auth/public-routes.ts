/**
 * The /api routes that answer without a session. Everything else under /api needs one, so a new
 * route is private until it is added here: forgetting a route can only lock it, never open it.
 */
const PUBLIC_EXACT = new Set([
  'POST /api/users',
  'POST /api/users/auth',
  'POST /api/users/login-link',
  'POST /api/users/authGoogle',
  'POST /api/users/verify-email',
  'POST /api/users/resend-verification',
  'POST /api/users/logout',
  'POST /api/users/requestResetPassword',
  'POST /api/users/checkToken',
  'POST /api/users/resetPassToken',
  'POST /api/messaging/contact',
  'POST /api/stripe/webhook',
  'POST /api/stripe/connect-webhook',
  'POST /api/locks/webhook',
  'POST /api/get-user-premium',
]);

/**
 * Public prefixes, for GET (and HEAD) only: the guest preview and the map helpers. Each takes
 * exactly one plain segment after the prefix, so no encoded or dotted path can slip through.
 */
const PUBLIC_GET_PREFIXES = ['/api/instruction/preview/', '/api/map/'];
const ONE_SEGMENT = /^[\w-]+$/;
/** The gated secrets of a guest link: answered to guests, by the secrets policy. */
const GUEST_SECRETS = /^\/api\/guest\/[\w-]+\/secrets$/;
/** A guest's note to the host from the guest page. */
const GUEST_MESSAGE = /^\/api\/guest\/[\w-]+\/message$/;
/** "Ask the guidebook": a guest's question, answered from the page's own words. */
const GUEST_ASK = /^\/api\/guest\/[\w-]+\/ask$/;
/** A guest's answer to "Was this guidebook helpful?" (POST), and the comment that follows the tap (PATCH). */
const GUEST_FEEDBACK = /^\/api\/guest\/[\w-]+\/feedback$/;
/**
 * A stay link's extras: what the stay can have (GET), and a request for one (POST). Any one plain
 * segment as the extra's id: the route answers 404 for one that is not a number, as a guest who
 * follows a wrong link should be told, never "Please log in.".
 */
const GUEST_EXTRAS = /^\/api\/guest\/[\w-]+\/extras$/;
const GUEST_EXTRA_REQUEST = /^\/api\/guest\/[\w-]+\/extras\/[\w-]{1,64}$/;
/** The guest page's beacon of the sections read (always 204). */
const GUEST_EVENTS = /^\/api\/guest\/[\w-]+\/events$/;
/** A booking system's webhook (POST, or Beds24's body-less GET): its hook id, not a session, names the integration. */
const PMS_HOOK = /^\/api\/pms\/hooks\/[\w-]{1,64}$/;
/** The button of a host's mailed Approve or Decline link: its token, not a session, says who decides. */
const ORDER_LINK_DECISION = /^\/api\/orders\/[\w-]+\/decide$/;
/** The button of a public-link order's confirmation mail: its token stands for the guest who proved the address. */
const ORDER_CONFIRMATION = /^\/api\/order-confirmations\/[\w-]+$/;

export function isPublicApiRoute(method: string, pathname: string): boolean {
  // "/api/users/" and "/api/users" are one route to the router; treat them alike here.
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (PUBLIC_EXACT.has(`${method} ${path}`)) return true;
  if ((method === 'GET' || method === 'HEAD') && GUEST_SECRETS.test(path)) return true;
  if (method === 'POST' && (GUEST_MESSAGE.test(path) || GUEST_ASK.test(path) || GUEST_FEEDBACK.test(path) || GUEST_EVENTS.test(path))) return true;
  if (method === 'PATCH' && GUEST_FEEDBACK.test(path)) return true;
  if ((method === 'GET' || method === 'HEAD') && GUEST_EXTRAS.test(path)) return true;
  if (method === 'POST' && GUEST_EXTRA_REQUEST.test(path)) return true;
  if ((method === 'POST' || method === 'GET' || method === 'HEAD') && PMS_HOOK.test(path)) return true;
  if (method === 'POST' && (ORDER_LINK_DECISION.test(path) || ORDER_CONFIRMATION.test(path))) return true;
  if (method === 'GET' || method === 'HEAD') return PUBLIC_GET_PREFIXES.some((prefix) => path.startsWith(prefix) && ONE_SEGMENT.test(path.slice(prefix.length)));
  return false;
}
