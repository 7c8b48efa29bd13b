// @no-database: no database or stored file, so `npm run test:pg` skips it (tests/helpers/database-files.ts).
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { THEMES } from '../src/lib/shared/themes.ts';

/**
 * The guest page's dark variant of each theme (src/lib/shared/themes.ts, src/styles/guest.css)
 * keeps WCAG AA contrast (4.5:1) wherever it puts text: the header's text on the header, the accent
 * (links, icons, buttons) on the dark cards and on the page, and a button's text on the accent.
 * The neutral colours are read from guest.css's dark block, so the two cannot drift apart.
 */
const css = fs.readFileSync(new URL('../src/styles/guest.css', import.meta.url), 'utf8');
const darkBlock = css.slice(css.indexOf('@media (prefers-color-scheme: dark)'));
const token = (name: string) => darkBlock.match(new RegExp(`--${name}: (#[0-9a-f]{6});`))?.[1] ?? '';

function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((at) => {
    const channel = parseInt(hex.slice(at, at + 2), 16) / 255;
    return channel <= 0.04045 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

describe('the dark variant of each theme', () => {
  const surface = token('surface');
  const onAccent = token('on-accent');
  it('guest.css names its neutral colours', () => {
    for (const value of [surface, onAccent, token('text'), token('muted')]) expect(value).toMatch(/^#[0-9a-f]{6}$/);
    expect(contrast(token('text'), surface)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(token('muted'), surface)).toBeGreaterThanOrEqual(4.5);
  });

  for (const theme of THEMES) {
    it(`${theme.name}: header, accent and buttons read at 4.5:1 or more`, () => {
      const { night } = theme;
      expect(contrast(night.text, night.primary), 'header text').toBeGreaterThanOrEqual(4.5);
      expect(contrast(night.dark, surface), 'accent on a card').toBeGreaterThanOrEqual(4.5);
      expect(contrast(night.dark, night.light), 'accent on the page').toBeGreaterThanOrEqual(4.5);
      expect(contrast(onAccent, night.dark), 'a button').toBeGreaterThanOrEqual(4.5);
      expect(contrast(token('text'), night.light), 'text on the page').toBeGreaterThanOrEqual(4.5);
      // A dark page: darker than any light theme's.
      expect(luminance(night.light)).toBeLessThan(0.02);
    });
  }
});
