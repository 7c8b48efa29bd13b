// @no-database: no database or stored file, so `npm run test:pg` skips it (tests/helpers/database-files.ts).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Every citation of the repository's own documents leads somewhere (docs/style.md 9,
 * docs/decisions/027-product-docs-layout.md): a cited document exists, a cited section of
 * docs/product.md is one of its numbered sections, a quoted phrase after a citation is in that
 * document, and every relative link in the documents reaches a file (and its heading, for `#…`).
 * tests/no-outside-citations.test.ts checks the other half: that nothing cites a document outside.
 */
const SOURCE_ROOTS = ['src', 'scripts', 'db', 'tests', 'e2e', '.ci'];
const CONFIG_FILES = ['astro.config.mjs', 'eslint.config.js', 'package.json', 'playwright.config.ts', 'tsconfig.json', 'vitest.config.ts'];
const DOCUMENTS = ['README.md', 'SECURITY.md', 'docs'];

function tracked(paths: string[]): string[] {
  const listed = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard', '--', ...paths], {
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  return [...new Set(listed.split('\0').filter(Boolean))].filter((file) => fs.existsSync(file) && !fs.readFileSync(file).includes(0));
}

const files = tracked([...SOURCE_ROOTS, ...CONFIG_FILES, ...DOCUMENTS]);
const markdown = files.filter((file) => file.endsWith('.md'));
const text = new Map(files.map((file) => [file, fs.readFileSync(file, 'utf8')]));
const read = (file: string) => text.get(file) ?? fs.readFileSync(file, 'utf8');

/** The numbers of docs/product.md's `## N. Title` sections. */
const productSections = new Set([...read('docs/product.md').matchAll(/^## (\d+)\. /gm)].map((match) => match[1]));
const decisionNumbers = new Set(fs.readdirSync('docs/decisions').map((name) => name.slice(0, 3)));

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces to hyphens. */
function anchorOf(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N} _-]/gu, '')
    .replace(/ /g, '-');
}

function anchorsIn(file: string): Set<string> {
  return new Set([...read(file).matchAll(/^#{1,6} (.+)$/gm)].map((match) => anchorOf(match[1]!.replace(/`/g, ''))));
}

/** `file:line: what` for each citation in `file` that leads nowhere. */
function brokenCitations(file: string): string[] {
  const problems: string[] = [];
  read(file)
    .split('\n')
    .forEach((line, index) => {
      const where = `${file}:${index + 1}`;
      for (const match of line.matchAll(/\bdocs\/[\w./-]*?\.md\b/g)) {
        if (match[0].includes('NNN')) continue; // the pattern of a decision's name, not a citation
        if (!fs.existsSync(match[0])) problems.push(`${where}: ${match[0]} does not exist`);
      }
      for (const match of line.matchAll(/\bdocs\/decisions\/(\d{3})\b/g)) {
        if (!decisionNumbers.has(match[1]!)) problems.push(`${where}: no decision ${match[1]}`);
      }
      for (const match of line.matchAll(/\bdocs\/product\.md,? ?§(\d+)/g)) {
        if (!productSections.has(match[1]!)) problems.push(`${where}: docs/product.md has no §${match[1]}`);
      }
      for (const match of line.matchAll(/\b(docs\/[\w./-]+\.md)(?: §\d+)? "([^"]+)"/g)) {
        const phrase = match[2]!.replace(/\s*…$/, '').toLowerCase();
        if (fs.existsSync(match[1]!) && !read(match[1]!).toLowerCase().includes(phrase)) problems.push(`${where}: "${match[2]}" is not in ${match[1]}`);
      }
    });
  return problems;
}

/** `file:line: what` for each relative Markdown link in `file` that reaches no file or heading. */
function brokenLinks(file: string): string[] {
  const problems: string[] = [];
  read(file)
    .replace(/```[\s\S]*?```/g, (block) => block.replace(/[^\n]/g, ''))
    .split('\n')
    .forEach((line, index) => {
      for (const match of line.matchAll(/\]\(([^)\s]+)\)/g)) {
        const link = match[1]!;
        if (/^[a-z]+:/i.test(link) || link.startsWith('/')) continue; // another site, or a page of this one
        const [target, anchor] = link.split('#') as [string, string | undefined];
        const resolved = target === '' ? file : path.normalize(path.join(path.dirname(file), target));
        if (!fs.existsSync(resolved)) {
          problems.push(`${file}:${index + 1}: ${link} does not exist`);
        } else if (anchor && resolved.endsWith('.md') && !anchorsIn(resolved).has(anchor)) {
          problems.push(`${file}:${index + 1}: ${link} names no heading of ${resolved}`);
        }
      }
    });
  return problems;
}

describe('citations of the repository’s own documents', () => {
  it('lead to a document, a section of docs/product.md, a decision or a phrase that exists', () => {
    expect(files).toContain('docs/product.md');
    expect(files.flatMap(brokenCitations)).toEqual([]);
  });

  it('relative links in the documents reach a file and, with #, one of its headings', () => {
    expect(markdown).toContain('README.md');
    expect(markdown.flatMap(brokenLinks)).toEqual([]);
  });

  it('the README links every document under docs/ and stays under 200 lines (decision 027: a map)', () => {
    const linked = new Set([...read('README.md').matchAll(/\]\((docs\/[^)#\s]+)/g)].map((match) => match[1]));
    const documents = markdown.filter((file) => file.startsWith('docs/') && !file.startsWith('docs/decisions/'));
    expect(documents.length).toBeGreaterThan(10);
    expect(documents.filter((file) => !linked.has(file))).toEqual([]);
    expect(read('README.md').split('\n').length, 'the README stays under 200 lines').toBeLessThan(200);
  });

  it('would notice a citation or a link that leads nowhere', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'doc-citations-'));
    try {
      // Spelt in pieces, so that this file's own lines cite nothing.
      const sectionSign = '\u00a7';
      const docs = 'do' + 'cs/';
      const source = path.join(dir, 'cited.ts');
      fs.writeFileSync(
        source,
        [
          `// ${docs}product.md ${sectionSign}4 and ${docs}product/insights.md "Feedback": fine`,
          `// ${docs}product.md ${sectionSign}21`,
          `// ${docs}product/no-such-chapter.md`,
          `// ${docs}decisions/999`,
          `// ${docs}product/insights.md "a phrase it never says"`,
        ].join('\n'),
      );
      expect(brokenCitations(source).map((problem) => problem.replace(/^[^:]+:/, ''))).toEqual([
        `2: ${docs}product.md has no ${sectionSign}21`,
        `3: ${docs}product/no-such-chapter.md does not exist`,
        '4: no decision 999',
        `5: "a phrase it never says" is not in ${docs}product/insights.md`,
      ]);
      const page = path.join(dir, 'page.md');
      fs.writeFileSync(path.join(dir, 'other.md'), '# Other\n\n## Plans (billing)\n');
      fs.writeFileSync(page, '[a](other.md#plans-billing) [b](other.md#nothing) [c](gone.md) [d](https://example.org/x)\n');
      expect(brokenLinks(page).map((problem) => problem.replace(/^[^:]+:/, ''))).toEqual([
        '1: other.md#nothing names no heading of ' + path.join(dir, 'other.md'),
        '1: gone.md does not exist',
      ]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
