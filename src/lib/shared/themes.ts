/**
 * Guest-page colour themes (docs/product.md §3 "Themes", §9: six colours, white by default). The `value` is
 * what an instruction stores in `selectedTheme`. Colours per theme:
 * - `light`: tinted page background;
 * - `primary`: the theme colour (header, buttons);
 * - `dark`: a darker shade for links, borders and hover on `light` or white (contrast ≥ 4.5:1);
 * - `text`: text drawn on `primary` (contrast ≥ 4.5:1, WCAG AA).
 */
export const THEME_VALUES = ['#fff', '#444', '#c7a46c', '#4a90e2', '#4caf50', '#d94f7b'] as const;
export type ThemeValue = (typeof THEME_VALUES)[number];

/** The four colours a theme gives the guest page (see above). */
export interface ThemeColours {
  light: string;
  primary: string;
  dark: string;
  text: string;
}

export interface Theme extends ThemeColours {
  value: ThemeValue;
  name: string;
  /**
   * The same theme for a device set to dark (`prefers-color-scheme: dark`): the host's hue kept in
   * the header, on a dark page. `light` is the page, `primary` the header, `dark` the accent for
   * links, borders and buttons on the page's dark cards (contrast ≥ 4.5:1 with them), `text` the
   * header's text (≥ 4.5:1 on `primary`).
   */
  night: ThemeColours;
}

export const DEFAULT_THEME: ThemeValue = '#fff';

/**
 * docs/product.md §4: a guest preview of a non-premium owner is forced to this theme (and to the product's
 * default title); the renderer applies it, the stored choice is kept for when the owner upgrades.
 */
export const NON_PREMIUM_THEME: ThemeValue = '#444';

export const THEMES: readonly Theme[] = [
  { value: '#fff', name: 'White', light: '#f6f6f4', primary: '#ffffff', dark: '#3a3a3a', text: '#1a1a1a', night: { light: '#141414', primary: '#262626', dark: '#e4e4e0', text: '#f4f4f2' } },
  { value: '#444', name: 'Dark', light: '#f1f1f1', primary: '#444444', dark: '#2b2b2b', text: '#ffffff', night: { light: '#121212', primary: '#333333', dark: '#d6d6d6', text: '#ffffff' } },
  { value: '#c7a46c', name: 'Gold', light: '#faf6ee', primary: '#c7a46c', dark: '#7a5c2b', text: '#1a1a1a', night: { light: '#17130d', primary: '#5e4722', dark: '#e3c690', text: '#fff8ea' } },
  { value: '#4a90e2', name: 'Blue', light: '#eef5fd', primary: '#4a90e2', dark: '#1f5fa8', text: '#0a0a0a', night: { light: '#0e141c', primary: '#1d4a80', dark: '#93c1f4', text: '#f2f8ff' } },
  { value: '#4caf50', name: 'Green', light: '#eef8ef', primary: '#4caf50', dark: '#2e7d32', text: '#0a0a0a', night: { light: '#0e160f', primary: '#25602a', dark: '#94d898', text: '#f1fbf1' } },
  { value: '#d94f7b', name: 'Pink', light: '#fcf0f4', primary: '#d94f7b', dark: '#a8345a', text: '#000000', night: { light: '#1a0f13', primary: '#862c4b', dark: '#f4a1bd', text: '#fff3f7' } },
];

/** The theme of a stored value; anything unknown falls back to the default (white). */
export function findTheme(value: string | undefined | null): Theme {
  return THEMES.find((theme) => theme.value === value) ?? THEMES[0]!;
}

/** The product's own title: the guest page's title line when the owner has no branding (docs/product.md §4). */
export const PRODUCT_TITLE = 'Porchlight';

export interface GuestBranding {
  theme: Theme;
  /** The small title line above the guidebook's name. */
  title: string;
  /** False below Premium: the product's title and NON_PREMIUM_THEME, whatever is stored. */
  own: boolean;
}

/**
 * What guests see (docs/product.md §1, §4): a Premium owner's own title (when set) and theme; below Premium the
 * product's title and the dark theme, the stored choice kept for when the owner upgrades. The guest
 * page, the editor's preview and its Branding panel all ask this one function.
 */
export function guestBranding({ premium, selectedTheme, brandingTitle }: { premium: boolean; selectedTheme: string; brandingTitle: string }): GuestBranding {
  if (!premium) return { theme: findTheme(NON_PREMIUM_THEME), title: PRODUCT_TITLE, own: false };
  return { theme: findTheme(selectedTheme), title: brandingTitle.trim() || PRODUCT_TITLE, own: true };
}
