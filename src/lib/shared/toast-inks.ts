/**
 * sonner's rich colours put 13 px text below 4.5:1 on their light tinted backgrounds (error red is
 * 4.34:1, success green with a description too); these darker inks keep every light toast at WCAG
 * AA on the same backgrounds. The dark theme's own inks pass as they are.
 */
export const READABLE_LIGHT_TOAST_INKS: Record<`--${string}`, string> = {
  '--success-text': '#166534',
  '--info-text': '#1e40af',
  '--warning-text': '#92400e',
  '--error-text': '#b91c1c',
};
