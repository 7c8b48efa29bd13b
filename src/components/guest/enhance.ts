/**
 * The guest page's one page-wide script: the offline copy (progressive enhancement; the page works
 * without it). The widgets (copy, map, the gated door code) are React islands hydrated when they
 * come into view (src/islands/guest; docs/decisions/007-guest-snapshots.md).
 */
/**
 * Offline: the service worker in public/guest-sw.js keeps each opened guidebook on the
 * device. This first visit loaded before the worker controlled the page, so its files are handed
 * over once; the note at the bottom appears when they are saved.
 */
import './section-reads.ts';

// Back from Stripe's Checkout on a guidebook's public link (`?order=`, docs/decisions/020): the
// page is a static snapshot, so the browser, not the server, shows the word it carries hidden.
const extrasReturn = document.querySelector<HTMLElement>('[data-extras-return]');
if (extrasReturn && new URLSearchParams(location.search).has('order')) extrasReturn.hidden = false;

// docs/product/guest-languages.md: the language a guest picks in the header's menu is
// remembered on this device (no cookie: the page stays one static snapshot per language), and
// `/instruction/<token>`, which otherwise follows the browser's languages, opens in it next time.
const LANGUAGE_KEY = 'porchlight-guest-language';
for (const link of document.querySelectorAll<HTMLAnchorElement>('[data-lang-choice]')) {
  link.addEventListener('click', () => rememberLanguage(link.dataset.langChoice ?? ''));
}
const chosen = readLanguageChoice();
// Only a link that names no language follows the remembered one; `/instruction/<token>/<lang>` and `?lang=` are what they say.
if (chosen && chosen !== document.documentElement.lang && /^\/instruction(\/[^/]+)?\/?$/.test(location.pathname) && !new URLSearchParams(location.search).has('lang')) {
  const target = document.querySelector<HTMLAnchorElement>(`[data-lang-choice="${CSS.escape(chosen)}"]`);
  if (target) location.replace(`${target.pathname}${target.search}${location.hash}`);
}

function rememberLanguage(language: string): void {
  try {
    localStorage.setItem(LANGUAGE_KEY, language);
  } catch {
    // Storage off (private mode): the choice lasts for this visit's links only.
  }
}

function readLanguageChoice(): string | null {
  try {
    return localStorage.getItem(LANGUAGE_KEY);
  } catch {
    return null;
  }
}

const offlineBar = document.querySelector<HTMLElement>('[data-offline-bar]');
let savedCopy = false;
const showConnection = () => {
  if (offlineBar) offlineBar.hidden = navigator.onLine && !savedCopy;
};
showConnection();
addEventListener('online', showConnection);
addEventListener('offline', showConnection);
// The worker knows whether it answered with the saved copy (the network failed or was too slow).
navigator.serviceWorker?.addEventListener('message', (event: MessageEvent<{ type?: string; saved?: boolean }>) => {
  if (event.data?.type !== 'copy') return;
  savedCopy = event.data.saved === true;
  showConnection();
});
navigator.serviceWorker?.controller?.postMessage({ type: 'copy?' });

if ('serviceWorker' in navigator && document.querySelector('[data-saved-note]')) {
  void saveForOffline().catch(() => {
    // Private mode, storage full or no worker support: the page simply works online only.
  });
}

async function saveForOffline(): Promise<void> {
  const container = navigator.serviceWorker;
  container.addEventListener('message', (event: MessageEvent<{ type?: string }>) => {
    const note = document.querySelector<HTMLElement>('[data-saved-note]');
    if (note && event.data?.type === 'saved') note.hidden = false;
  });
  // One registration per kind of link: guidebook links and stay links.
  await container.register('/guest-sw.js', { scope: location.pathname.startsWith('/stay/') ? '/stay/' : '/instruction' });
  const registration = await container.ready;
  const files = [
    location.pathname,
    ...[...document.querySelectorAll<HTMLLinkElement>('link[rel~="stylesheet"], link[rel~="icon"]')].map((link) => link.href),
    ...[...document.querySelectorAll<HTMLScriptElement>('script[src]')].map((script) => script.src),
    // Islands load their modules when they come into view: keep them for offline use too.
    ...[...document.querySelectorAll('astro-island')].flatMap((island) => [island.getAttribute('component-url') ?? '', island.getAttribute('renderer-url') ?? '']),
    ...[...document.images].map((image) => image.currentSrc || image.src),
  ].filter((url) => url && new URL(url, location.href).origin === location.origin);
  registration.active?.postMessage({ type: 'save', urls: files });
}
