/** One look for every toolbar button; `aria-pressed` marks the formats in effect. */
export const TOOL_BUTTON =
  'inline-flex size-9 shrink-0 items-center justify-center rounded-lg text-muted hover:bg-brand-50 hover:text-ink aria-pressed:bg-brand-50 aria-pressed:text-brand-700 dark:aria-pressed:text-brand-300';
