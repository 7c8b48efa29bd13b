// @no-database: no database or stored file, so `npm run test:pg` skips it (tests/helpers/database-files.ts).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';

/**
 * Every reference in the code points at something a clone of the repository holds: the product,
 * security, style and architecture documents under docs/, the decisions under docs/decisions/.
 * Never the documents the project started from (their names below), a folder beside the checkout
 * or an issue tracker's numbers. Each pattern is written so that it does not match its own source,
 * so this file is read like any other.
 */
const FORBIDDEN: ReadonlyArray<[pattern: RegExp, what: string]> = [
  [/\bSPEC\b/, 'the old spec or one of its sections: cite docs/product.md §N'],
  [/\bSECURITY(\.md)?( \d|, ['"]|'s)/, 'the old security list: cite docs/security.md N'],
  [/\bSTYLE(\.md\b| \d)/, 'the old style guide: cite docs/style.md N'],
  [/\bARCHITECTURE\b/, 'the old architecture page: cite docs/architecture.md, <heading>'],
  [/\.\.\/shared\b/, 'a folder outside the repository'],
  [/\b[Ii]ssues? #?\d+|\b[Ii]ssue\b[^.()]{0,20}\bitems? \d/, 'an issue number: say what the code does and why'],
];

/** Where the repository's source lives; README.md and docs/ are the documents themselves. */
const ROOTS = ['src', 'scripts', 'db', 'tests', 'e2e', '.ci'];
const CONFIG_FILES = ['astro.config.mjs', 'eslint.config.js', 'package.json', 'playwright.config.ts', 'tsconfig.json', 'vitest.config.ts'];

/** Tracked files, and new ones not yet committed (but not what .gitignore leaves out). */
function repositoryFiles(): string[] {
  const listed = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard', '--', ...ROOTS, ...CONFIG_FILES], {
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  return [...new Set(listed.split('\0').filter(Boolean))].filter((file) => fs.existsSync(file));
}

function citationsIn(file: string): string[] {
  const bytes = fs.readFileSync(file);
  if (bytes.includes(0)) return []; // an image or another binary file
  return bytes
    .toString('utf8')
    .split('\n')
    .flatMap((line, index) =>
      FORBIDDEN.filter(([pattern]) => pattern.test(line)).map(([, what]) => `${file}:${index + 1}: ${what}: ${line.trim()}`),
    );
}

describe('references a clone of the repository can follow', () => {
  it('no source, test or configuration file cites a document outside the repository or an issue number', () => {
    const files = repositoryFiles();
    expect(files).toContain('tests/no-outside-citations.test.ts');
    expect(files.flatMap(citationsIn)).toEqual([]);
  });

  it('would notice each kind, and leaves the verb and the repository’s own documents alone', () => {
    const cited = (line: string) => FORBIDDEN.some(([pattern]) => pattern.test(line));
    const sectionSign = '\u00a7';
    for (const line of [
      `// SP` + `EC ${sectionSign}4: Pro shows Cancel Subscription`,
      '// as the SP' + 'EC.md says',
      "// the SP" + "EC's order",
      '// SECURITY' + '.md 16: the allowlist',
      "// (SECURITY" + ".md, 'Proofs')",
      '// STYLE' + '.md 15: features stay in their folders',
      '// ARCHI' + 'TECTURE.md, snapshots',
      "import x from '../../" + "shared/x';",
      '// (SECURITY' + ' 6)',
      '// (ARCHI' + 'TECTURE: tests against real parts)',
      '// (is' + 'sue 14 item 5)',
      '// Offline (is' + 'sue #5)',
      '// Password login (is' + 'sue item 4)',
      '// Login proof (is' + 'sue: polish, item 1)',
      "it('Is" + "sue 11: the 404 page', () => {});",
    ]) {
      expect(cited(line), line).toBe(true);
    }
    for (const line of [
      `// docs/product.md ${sectionSign}4: Pro shows Cancel Subscription`,
      '// docs/security.md 16: the allowlist',
      '// docs/architecture.md, Guest snapshots',
      '// Reporters read SECURITY.md at the root.',
      "import { issueToken } from './issue-token.ts';",
      '// issue a new token, then mail it',
      '/** Whom a token was issued to, whatever its state. */',
      "const groupError = (issue: { input?: unknown }) =>",
      'const SPECIALS = [];',
      "import x from '@shared/x';",
    ]) {
      expect(cited(line), line).toBe(false);
    }
  });
});
