import fs from 'node:fs';

/** The SSRF corpus (tests/fixtures/ssrf/urls.txt): one URL a line, `#` comments and blank lines skipped. */
export const SSRF_CORPUS: readonly string[] = fs
  .readFileSync(new URL('../fixtures/ssrf/urls.txt', import.meta.url), 'utf8')
  .split('\n')
  .map((line) => line.trim())
  .filter((line) => line && !line.startsWith('#'));
