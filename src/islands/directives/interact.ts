import type { ClientDirective } from 'astro';

/**
 * `client:interact`: an island that hydrates on the guest's first touch of it
 * (pointer, focus or key) instead of on load, so React stays off the page's load path and the
 * guest page keeps its total blocking time. A click that lands before hydration is held and
 * replayed on the same button once React is there (the DOM is kept by hydration); links need no
 * replay, they work as plain HTML. The island's modules are still saved for offline use
 * (components/guest/enhance.ts lists them from the markup).
 */
const EVENTS = ['pointerdown', 'focusin', 'keydown', 'click'] as const;

const interact: ClientDirective = (load, _options, el) => {
  let hydrated: Promise<void> | undefined;
  const stop = () => {
    for (const type of EVENTS) el.removeEventListener(type, onEvent, true);
  };
  const hydrate = () =>
    (hydrated ??= (async () => {
      const run = await load();
      await run();
      stop();
    })());
  function onEvent(event: Event): void {
    const button = event.type === 'click' && event.target instanceof Element ? event.target.closest('button') : null;
    if (button) {
      // Held until React listens, then given back to the same button.
      event.preventDefault();
      event.stopImmediatePropagation();
      void hydrate().then(() => button.click());
      return;
    }
    void hydrate();
  }
  for (const type of EVENTS) el.addEventListener(type, onEvent, true);
};

export default interact;
