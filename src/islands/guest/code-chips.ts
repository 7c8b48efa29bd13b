/**
 * The lock-box marker in a step, the welcome text or an extra: on a gated guidebook the page draws
 * it as a "Door code" link to the access card (src/lib/server/guest-pages/render/render-paragraph.ts),
 * since the page and its snapshot never hold the code (docs/decisions/013). Once the access island has
 * the code (a stay link in its window, or the right PIN), each such chip shows the code itself, in
 * this tab only: the served page is unchanged.
 */
export function fillCodeChips(code: string): void {
  if (!code) return;
  for (const chip of document.querySelectorAll<HTMLElement>('.code-chip-locked')) {
    const filled = document.createElement('strong');
    filled.className = 'code-chip';
    filled.dataset.codeChip = 'revealed';
    filled.textContent = code;
    chip.replaceWith(filled);
  }
}
