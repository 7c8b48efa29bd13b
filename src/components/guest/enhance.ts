/**
 * The guest page's only script (progressive enhancement; the page works without it):
 * - "Copy Password": clipboard, then the status text for 1.5 s (SPEC §9);
 * - the map facade: nothing from the map host loads until the guest asks for it.
 * Plain DOM instead of a React island: React would add ~68 KB gzipped to a page whose budget for
 * all JavaScript is 40 KB (docs/decisions/007-guest-snapshots.md).
 */
const COPIED_MS = 1500;

for (const element of document.querySelectorAll<HTMLElement>('[data-js-only]')) element.hidden = false;

for (const button of document.querySelectorAll<HTMLButtonElement>('[data-copy]')) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  button.addEventListener('click', async () => {
    const source = document.getElementById(button.dataset.copy ?? '');
    const status = document.getElementById(button.dataset.status ?? '');
    const text = source?.textContent ?? '';
    try {
      await navigator.clipboard.writeText(text);
    } catch {
      // No clipboard permission (old browser, insecure origin): select it for a manual copy.
      if (source) window.getSelection()?.selectAllChildren(source);
      return;
    }
    if (!status) return;
    status.textContent = button.dataset.done ?? '';
    status.classList.add('show');
    clearTimeout(timer);
    timer = setTimeout(() => {
      status.classList.remove('show');
      status.textContent = '';
    }, COPIED_MS);
  });
}

for (const button of document.querySelectorAll<HTMLButtonElement>('[data-map-src]')) {
  button.addEventListener('click', () => {
    const facade = button.closest<HTMLElement>('.map-facade');
    if (!facade) return;
    const frame = document.createElement('iframe');
    frame.src = button.dataset.mapSrc ?? '';
    frame.title = button.dataset.mapTitle ?? 'Map';
    frame.height = '250';
    frame.loading = 'lazy';
    frame.referrerPolicy = 'no-referrer';
    frame.className = 'map-frame';
    facade.replaceWith(frame);
  });
}

/**
 * Offline (issue #5): the service worker in public/guest-sw.js keeps each opened guidebook on the
 * device. This first visit loaded before the worker controlled the page, so its files are handed
 * over once; the note at the bottom appears when they are saved.
 */
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
  await container.register('/guest-sw.js', { scope: '/instruction' });
  const registration = await container.ready;
  const files = [
    location.pathname,
    ...[...document.querySelectorAll<HTMLLinkElement>('link[rel~="stylesheet"], link[rel~="icon"]')].map((link) => link.href),
    ...[...document.querySelectorAll<HTMLScriptElement>('script[src]')].map((script) => script.src),
    ...[...document.images].map((image) => image.currentSrc || image.src),
  ].filter((url) => url && new URL(url, location.href).origin === location.origin);
  registration.active?.postMessage({ type: 'save', urls: files });
}
