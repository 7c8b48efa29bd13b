/**
 * The icons the landing page can show, by the names content files use (lucide's names,
 * https://lucide.dev/icons). src/content.config.ts validates against this list, so it stays free
 * of the icon components themselves; SiteIcon.astro maps each name to its drawing.
 */
export const ICON_NAMES = [
  'book-open',
  'clock',
  'headset',
  'images',
  'key-round',
  'map-pin',
  'message-circle',
  'palette',
  'scroll-text',
  'share-2',
  'shield-check',
  'sliders-horizontal',
  'smartphone',
  'trending-up',
  'wand-sparkles',
  'zap',
] as const;

export type IconName = (typeof ICON_NAMES)[number];
