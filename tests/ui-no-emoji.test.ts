// @no-database: no database or stored file, so `npm run test:pg` skips it (tests/helpers/database-files.ts).
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { sourceFiles } from './helpers/source-files.ts';

/**
 * The interface draws its marks with the icon set (lucide-react in the admin,
 * inline SVG on public and guest pages), never with emoji, which need a colour-emoji font that many
 * Linux desktops (and Debian's Chromium) lack: there they are empty boxes. Comments may use any
 * character; code and markup may not use pictographs. ©, ® and ™ are ordinary text.
 */
const ROOTS = ['src/admin', 'src/components', 'src/islands', 'src/layouts', 'src/pages', 'src/lib/shared'];
const EXTENSIONS = new Set(['.ts', '.tsx', '.astro', '.css']);
const PICTOGRAPH = /(?![©®™])\p{Extended_Pictographic}/gu;

/** The text without comments (block, JSX and whole-line ones): what can reach the screen. */
function withoutComments(source: string): string {
  return source
    .replace(/\/\*[\s\S]*?\*\//g, (comment) => comment.replace(/[^\n]/g, ' '))
    .replace(/<!--[\s\S]*?-->/g, (comment) => comment.replace(/[^\n]/g, ' '))
    .replace(/^\s*\/\/.*$/gm, '');
}

describe('UI chrome uses icons, not emoji', () => {
  it('finds no pictograph in the code or markup of the admin, public and guest pages', () => {
    const found = ROOTS.flatMap((root) => sourceFiles(root, EXTENSIONS)).flatMap((file) =>
      withoutComments(fs.readFileSync(file, 'utf8'))
        .split('\n')
        .flatMap((line, index) => (line.match(PICTOGRAPH) ? [`${file}:${index + 1}: ${line.trim()}`] : [])),
    );
    expect(found).toEqual([]);
  });

  it('would notice one', () => {
    expect('🔒 Lock-box code'.match(PICTOGRAPH)).not.toBeNull();
    expect('© 2025 Porchlight'.match(PICTOGRAPH)).toBeNull();
  });
});
