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

export interface Theme {
  value: ThemeValue;
  name: string;
  light: string;
  primary: string;
  dark: string;
  text: string;
}

export const DEFAULT_THEME: ThemeValue = '#fff';

/**
 * docs/product.md §4: a guest preview of a non-premium owner is forced to this theme (and to the product's
 * default title); the renderer applies it, the stored choice is kept for when the owner upgrades.
 */
export const NON_PREMIUM_THEME: ThemeValue = '#444';

export const THEMES: readonly Theme[] = [
  { value: '#fff', name: 'White', light: '#f6f6f4', primary: '#ffffff', dark: '#3a3a3a', text: '#1a1a1a' },
  { value: '#444', name: 'Dark', light: '#f1f1f1', primary: '#444444', dark: '#2b2b2b', text: '#ffffff' },
  { value: '#c7a46c', name: 'Gold', light: '#faf6ee', primary: '#c7a46c', dark: '#7a5c2b', text: '#1a1a1a' },
  { value: '#4a90e2', name: 'Blue', light: '#eef5fd', primary: '#4a90e2', dark: '#1f5fa8', text: '#0a0a0a' },
  { value: '#4caf50', name: 'Green', light: '#eef8ef', primary: '#4caf50', dark: '#2e7d32', text: '#0a0a0a' },
  { value: '#d94f7b', name: 'Pink', light: '#fcf0f4', primary: '#d94f7b', dark: '#a8345a', text: '#000000' },
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
