/**
 * The poster page's script: the remembered paper size and the Print button (its light or dark mode
 * is set by the dashboard's inline script, src/admin/shell/theme-script.ts). The paper size itself
 * works without it (CSS reads the radio buttons).
 */
const PAPER_KEY = 'porchlight.posterPaper';
/** Where Letter is the usual paper: the United States, Canada and Mexico. */
const LETTER_LOCALES = /^(en-us|en-ca|fr-ca|es-mx|es-us)$/i;

function stored(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function radio(value: string): HTMLInputElement | null {
  return document.querySelector<HTMLInputElement>(`input[name="paper"][value="${value}"]`);
}

const paper = stored(PAPER_KEY) ?? (LETTER_LOCALES.test(navigator.language) ? 'letter' : 'a4');
const initial = radio(paper);
if (initial) initial.checked = true;

for (const input of document.querySelectorAll<HTMLInputElement>('input[name="paper"]')) {
  input.addEventListener('change', () => {
    try {
      localStorage.setItem(PAPER_KEY, input.value);
    } catch {
      // Not remembered; the choice still applies to this print.
    }
  });
}

document.getElementById('poster-print')?.addEventListener('click', () => window.print());
