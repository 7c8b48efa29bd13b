import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { sourceFiles } from './helpers/source-files.ts';

/**
 * One noun for the product's object: hosts make guidebooks. What the admin, the public pages and
 * the mails show never calls one an "instruction"; API field names and paths keep the word, and so
 * do the texts src/lib/shared/messages.ts pins as they are specified (that file is not read here).
 */
const ROOTS = ['src/admin', 'src/components', 'src/islands', 'src/layouts', 'src/pages', 'src/lib/server/auth', 'src/lib/server/sharing', 'src/lib/server/stays'];
const EXTENSIONS = new Set(['.ts', '.tsx', '.astro']);

/** Where the word may stay, and why. */
const ALLOWED: ReadonlyArray<[file: string, text: string]> = [
  // A check-in step's text field: instructions in the sense of "how to", not the product's object.
  ['src/admin/features/editor/components/steps/StepCard.tsx', "'Instructions'"],
  // The editor's panels and the Auto-Fill screen are reworded with their own changes.
  ['src/admin/features/editor/components/panels/BrandingPanel.tsx', "'Your instruction name'"],
  ['src/admin/features/settings/components/SettingsSection.tsx', 'Apply to existing instructions'],
];

function withoutComments(source: string): string {
  return source
    .replace(/\/\*[\s\S]*?\*\//g, (comment) => comment.replace(/[^\n]/g, ' '))
    .replace(/\{\s*\/\*[\s\S]*?\*\/\s*\}/g, '')
    .replace(/<!--[\s\S]*?-->/g, (comment) => comment.replace(/[^\n]/g, ' '))
    .replace(/^\s*\/\/.*$/gm, '')
    .replace(/\s\/\/ .*$/gm, '');
}

/**
 * What a line can show: quoted strings with a space or a capital (a sentence, a label; not a key,
 * a path or a query name) and JSX text between tags.
 */
function shownTexts(line: string): string[] {
  const code = line.replace(/\$\{[^}]*\}/g, '');
  const quoted = [...code.matchAll(/'([^'\n]*)'|"([^"\n]*)"|`([^`\n]*)`/g)].map((match) => match[0]);
  // Between tags and expressions: `>Your guidebooks<`, `} · Guidebook limit: <`.
  const jsxText = [...code.matchAll(/[>}]([^<>{}]+)[<{]/g)].map((match) => match[1]!).filter((text) => !/[=()[\];]|\w\.\w/.test(text));
  // A line of JSX text on its own: words and punctuation only.
  const bare = /^\s*[A-Z][A-Za-z ,.!?'’-]*$/.test(code) ? [code.trim()] : [];
  return [...quoted.filter((text) => / |^['"`][A-Z]/.test(text)), ...jsxText, ...bare];
}

describe('the product says guidebook', () => {
  it('no text the admin, the public pages or the mails show calls a guidebook an instruction', () => {
    const found = ROOTS.flatMap((root) => sourceFiles(root, EXTENSIONS)).flatMap((file) =>
      withoutComments(fs.readFileSync(file, 'utf8'))
        .split('\n')
        .flatMap((line, index) =>
          shownTexts(line)
            .filter((text) => /\binstructions?\b/i.test(text) && !/\/instruction|nameInstruction/.test(text))
            .filter((text) => !ALLOWED.some(([allowedFile, allowed]) => file === allowedFile && text.includes(allowed.replace(/^'|'$/g, ''))))
            .map((text) => `${file}:${index + 1}: ${text.trim()}`),
        ),
    );
    expect(found).toEqual([]);
  });
});
