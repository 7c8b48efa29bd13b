/**
 * "Ask your host" (docs/decisions/031 §10): the box hands a question the guidebook does not answer
 * to the contact section's message form. Islands never import each other, so both import this:
 * the box stores the question for this page's link in sessionStorage and clicks "Message your
 * host" (`client:interact` hydrates the contact island on that click and replays it); the contact
 * island, on opening its form, takes the question (read and removed) into the message field.
 * When the form is already open there is no button: the box sends ASK_HOST_EVENT instead.
 *
 * Stored as JSON `{ question }` under `porchlight:ask-host:<token>`, for this tab only.
 */
const KEY_PREFIX = 'porchlight:ask-host:';

/** The contact island's "Message your host" button carries this attribute. */
export const MESSAGE_HOST_ATTRIBUTE = 'data-message-host';

/** Sent on `window` when the message form is already open. */
export const ASK_HOST_EVENT = 'porchlight:ask-host';

/** The storage key of a page's link (the guidebook's token, or the stay's). */
export function askHostKey(token: string): string {
  return `${KEY_PREFIX}${token}`;
}

/** Keeps the question for the message form, and opens the form (or tells the open one). */
export function handOverToHost(token: string, question: string): void {
  try {
    sessionStorage.setItem(askHostKey(token), JSON.stringify({ question }));
  } catch {
    // Storage off (private mode): the form opens empty, the guest types the question again.
  }
  const button = document.querySelector<HTMLButtonElement>(`[${MESSAGE_HOST_ATTRIBUTE}]`);
  if (button) button.click();
  else window.dispatchEvent(new Event(ASK_HOST_EVENT));
}

/** The question the box left for this link, removed as it is read; null when there is none. */
export function takeQuestionForHost(token: string): string | null {
  try {
    const key = askHostKey(token);
    const stored = sessionStorage.getItem(key);
    if (stored === null) return null;
    sessionStorage.removeItem(key);
    const parsed = JSON.parse(stored) as { question?: unknown };
    return typeof parsed.question === 'string' ? parsed.question : null;
  } catch {
    return null;
  }
}
