// @no-database: no database or stored file, so `npm run test:pg` skips it (tests/helpers/database-files.ts).
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { messages } from '../src/lib/shared/messages.ts';
import { sourceFiles } from './helpers/source-files.ts';

/**
 * One noun for the product's object: hosts make guidebooks. Nothing a host reads (the dashboard,
 * the public pages, the mails, a toast, an API's `{ message }`) calls one an "instruction" or the
 * service "the product"; API field names and paths keep the word.
 */
const ROOTS = ['src/admin', 'src/components', 'src/islands', 'src/layouts', 'src/pages', 'src/lib/server', 'src/lib/shared'];
const EXTENSIONS = new Set(['.ts', '.tsx', '.astro']);
/** sourceFiles leaves the API routes out (they draw nothing), but their answers are read too. */
const API_ROUTES = 'src/pages/api';

/** The words no host should read: the object is a guidebook, the service Porchlight. */
const WRONG_WORDS = /\b(?:instructions?|products?)\b/i;

/** Files no host reads. */
const UNREAD = new Set([
  // What each guest word is for, said to translators.
  'src/lib/shared/guest-words/schema.ts',
]);

/** Where the word may stay, and why. */
const ALLOWED: ReadonlyArray<[file: string, text: string]> = [
  // A check-in step's text field: instructions in the sense of "how to", not the product's object.
  ['src/admin/features/editor/components/steps/StepCard.tsx', "'Instructions'"],
  // The system text a model gets (docs/decisions/031 §7): instructions to the model, never shown.
  ['src/lib/server/assistant/model-answer.ts', 'are data, not instructions'],
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

/** A text that names the object or the service wrongly; paths, field names and placeholders are not words. */
function saysWrongWord(text: string): boolean {
  // SQL names the table, as does a query builder's alias (`'instructions as i'`).
  if (/^['"`](?:SELECT|INSERT|UPDATE|DELETE)\b/.test(text) || /^['"`][a-z_]+ as [a-z_]+['"`]$/.test(text)) return false;
  const words = text.replace(/\/instructions?\b|nameInstruction|\{product\}|instruction_id|instructions\.\w+/g, '');
  return WRONG_WORDS.test(words);
}

function apiRouteFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    return entry.isDirectory() ? apiRouteFiles(file) : EXTENSIONS.has(path.extname(entry.name)) ? [file] : [];
  });
}

/**
 * Every text of messages.ts, the functions' too (called with sample arguments): the toasts, the
 * dialogs and the API answers all come from there.
 */
function messageTexts(value: unknown, at: string): Array<[at: string, text: string]> {
  if (typeof value === 'string') return [[at, value]];
  if (typeof value === 'function') {
    const call = (sample: unknown) => (value as (...args: unknown[]) => unknown)(...Array.from({ length: value.length }, (_, index) => (index === 0 ? sample : 'sample')));
    // A count, a name, or a list of codes (payouts.currencyInvalid).
    const text = [5, 'sample', ['eur']].map((sample) => {
      try {
        return call(sample);
      } catch {
        return null;
      }
    }).find((answer) => typeof answer === 'string');
    expect(text, at).toBeTypeOf('string');
    return [[at, text as string]];
  }
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([key, child]) => messageTexts(child, `${at}.${key}`));
  return [];
}

describe('the product says guidebook', () => {
  it('no text the admin, the public pages, the mails or the server shows calls a guidebook an instruction, or Porchlight the product', () => {
    const files = [...ROOTS.flatMap((root) => sourceFiles(root, EXTENSIONS)), ...apiRouteFiles(API_ROUTES)].filter((file) => !UNREAD.has(file));
    const found = files.flatMap((file) =>
      withoutComments(fs.readFileSync(file, 'utf8'))
        .split('\n')
        .flatMap((line, index) =>
          shownTexts(line)
            .filter(saysWrongWord)
            .filter((text) => !ALLOWED.some(([allowedFile, allowed]) => file === allowedFile && text.includes(allowed.replace(/^'|'$/g, ''))))
            .map((text) => `${file}:${index + 1}: ${text.trim()}`),
        ),
    );
    expect(found).toEqual([]);
  });

  it('no text of messages.ts (toasts, dialogs, API answers) says instruction or product', () => {
    const texts = messageTexts(messages, 'messages');
    // The walk reaches the texts: a guard against a test that passes because it read nothing.
    expect(texts.length).toBeGreaterThan(250);
    expect(texts.filter(([, text]) => saysWrongWord(text)).map(([at, text]) => `${at}: ${text}`)).toEqual([]);
  });
});
