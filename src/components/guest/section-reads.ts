import type { GuestSection } from '../../lib/shared/insights.ts';

/**
 * What a guest read, for the host's insights (docs/product/insights.md): one beacon per section and
 * page load, sent once the section has been in the middle of the screen for 2 s, or at once when
 * its tile is tapped or, for the door code, the Wi-Fi and the host's contact, when the guest uses
 * it. `navigator.sendBeacon` (no library, no cookie, nothing about the guest); the server answers
 * 204 whatever happens. Not on the editor's preview (no `data-reads`), nothing without JavaScript.
 */
const endpoint = document.querySelector<HTMLElement>('[data-reads]')?.dataset.reads;
/** The page's section ids and the names the server counts. */
const SECTIONS: Record<string, GuestSection> = {
  'check-in': 'checkin',
  access: 'access',
  wifi: 'wifi',
  rules: 'rules',
  places: 'places',
  extras: 'extras',
};
const ON_SCREEN_MS = 2_000;

if (endpoint && 'sendBeacon' in navigator) {
  const sent = new Set<GuestSection>();
  const read = (section: GuestSection | undefined) => {
    if (!section || sent.has(section)) return;
    sent.add(section);
    navigator.sendBeacon(endpoint, new Blob([JSON.stringify({ sections: [section] })], { type: 'application/json' }));
  };

  // A section counts once it has crossed the middle band of the screen and stayed there 2 s.
  const timers = new Map<Element, number>();
  const observer = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) {
          clearTimeout(timers.get(entry.target));
          continue;
        }
        timers.set(
          entry.target,
          window.setTimeout(() => {
            read(SECTIONS[entry.target.id] ?? (entry.target.classList.contains('code-chip') ? 'access' : undefined));
            observer.unobserve(entry.target);
          }, ON_SCREEN_MS),
        );
      }
    },
    { rootMargin: '-35% 0px -35% 0px' },
  );
  for (const id of Object.keys(SECTIONS)) {
    const section = document.getElementById(id);
    if (section) observer.observe(section);
  }
  // A door code the page shows in a step or a text (no access section when it is not gated): the
  // door code counts as read once it has been in view like a section (its placeholder, when
  // gated, is a link to the access section, counted as a tile is).
  for (const chip of document.querySelectorAll('strong.code-chip')) observer.observe(chip);

  document.addEventListener('click', (event) => {
    const target = event.target instanceof Element ? event.target : null;
    // A tile under the header: the guest went there on purpose.
    const tile = target?.closest<HTMLAnchorElement>('a[href^="#"]');
    if (tile) read(SECTIONS[tile.hash.slice(1)]);
    // Used, not just seen: the code revealed, the password copied, the host called or written to.
    const used = target?.closest('button, a')?.closest('#access, #wifi, #contact');
    if (used) read(used.id === 'contact' ? 'contact' : SECTIONS[used.id]);
  });
}
