import type { Page } from '@playwright/test';

export type ColorScheme = 'light' | 'dark';

/**
 * Light or dark for every kind of page: the public and guest pages follow the browser's colour
 * scheme, the dashboard its own stored choice (src/admin/lib/theme.ts). Call before the first goto.
 */
export async function useColorScheme(page: Page, scheme: ColorScheme): Promise<void> {
  await page.emulateMedia({ colorScheme: scheme });
  await page.addInitScript((value) => localStorage.setItem('theme', value), scheme);
}

export interface SidewaysOverflow {
  scrollWidth: number;
  clientWidth: number;
  /** Elements whose right edge passes the viewport and that nothing clips, one line each. */
  beyondRightEdge: string[];
}

/**
 * What would let a page scroll sideways: the document wider than the viewport, and any visible
 * element ending past its right edge. An element inside a box that clips or scrolls sideways (a
 * table in its own scroller) and fixed layers (a closed drawer parked off screen) do not count.
 */
export function sidewaysOverflow(page: Page): Promise<SidewaysOverflow> {
  return page.evaluate(() => {
    const root = document.documentElement;
    const limit = root.clientWidth + 0.5;
    const describe = (element: Element) => {
      const id = element.id ? `#${element.id}` : '';
      const classes = typeof element.className === 'string' && element.className ? `.${element.className.trim().split(/\s+/).slice(0, 4).join('.')}` : '';
      const text = (element.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
      return `${element.tagName.toLowerCase()}${id}${classes} "${text}" right=${Math.round(element.getBoundingClientRect().right)}`;
    };
    const excused = (element: Element) => {
      for (let node: Element | null = element; node && node !== root; node = node.parentElement) {
        const style = getComputedStyle(node);
        if (style.position === 'fixed') return true;
        if (node !== element && style.overflowX !== 'visible' && node.getBoundingClientRect().right <= limit) return true;
      }
      return false;
    };
    const offends = (element: Element) => {
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.height === 0 || box.right <= limit) return false;
      // Inside a closed <details>, display: none or visibility: hidden: not on screen at all.
      return element.checkVisibility({ visibilityProperty: true }) && !excused(element);
    };
    const beyondRightEdge: string[] = [];
    for (const element of document.body.querySelectorAll('*')) {
      // The outermost offender only: its children overflow with it.
      if (offends(element) && !(element.parentElement && offends(element.parentElement))) beyondRightEdge.push(describe(element));
    }
    return { scrollWidth: root.scrollWidth, clientWidth: root.clientWidth, beyondRightEdge };
  });
}
