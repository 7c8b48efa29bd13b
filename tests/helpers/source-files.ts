import fs from 'node:fs';
import path from 'node:path';

/**
 * The source files under `dir` with one of `extensions`, for the tests that read what the
 * interface can show; src/pages/api is left out (it answers JSON, it draws nothing).
 */
export function sourceFiles(dir: string, extensions: ReadonlySet<string>): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return file === path.join('src', 'pages', 'api') ? [] : sourceFiles(file, extensions);
    return extensions.has(path.extname(entry.name)) ? [file] : [];
  });
}
