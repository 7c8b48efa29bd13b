import fs from 'node:fs';
import path from 'node:path';

/**
 * Which test files the PostgreSQL pass (`npm run test:pg`) runs: every file, except those whose
 * first lines say `// @no-database`. Such a file touches no database and no stored file, so it
 * would only repeat on the second pass what it did on the first. The marker is checked, not
 * trusted: a marked file must not reach, through its imports (tests/, src/, db/, scripts/, followed
 * to the end), a test server, a test database, the database modules or the database drivers, nor
 * read the variables that switch the database or the store. A file without the marker runs on both
 * passes, so a new file is never skipped by default. docs/testing.md, "Tests and CI".
 */
export const NO_DATABASE_MARKER = /^\/\/ @no-database\b/m;

const ALIASES: Record<string, string> = { '@shared/': 'src/lib/shared/', '@server/': 'src/lib/server/', '@db/': 'db/' };
const IMPORT = /(?:^|[\s;])(?:import|export)\s+(?:type\s+)?(?:[^'";]*?\s+from\s+)?['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;
/** What a marked file must not reach: the helpers and modules that open a database or a test server. */
const DATABASE_MODULES = [/^tests\/helpers\/(server|test-database|sync-db|sync-postgres-worker|kysely|stored)\.ts$/, /^src\/lib\/server\/platform\/db\//, /^db\//];
const DATABASE_PACKAGES = new Set(['pg', 'pg-cursor', 'kysely', 'better-sqlite3']);
const DATABASE_VARIABLES = /\b(TEST_DATABASE_URL|TEST_STORAGE|DATABASE_URL|STORAGE_DRIVER|onPostgres|testStorage)\b/;

function resolveImport(from: string, specifier: string): string | undefined {
  const alias = Object.keys(ALIASES).find((prefix) => specifier.startsWith(prefix));
  const base = specifier.startsWith('.') ? path.posix.join(path.posix.dirname(from), specifier) : alias ? ALIASES[alias] + specifier.slice(alias.length) : undefined;
  if (base === undefined) return undefined;
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`]) {
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  }
  return undefined;
}

/** Why `file` (a path from the repository root) may touch a database, or undefined when nothing it reaches does. */
function databaseReason(file: string): string | undefined {
  const seen = new Set<string>();
  const queue: [string, string[]][] = [[file, []]];
  while (queue.length > 0) {
    const [current, via] = queue.shift()!;
    if (seen.has(current)) continue;
    seen.add(current);
    const chain = [...via, current].join(' → ');
    if (DATABASE_MODULES.some((pattern) => pattern.test(current))) return `imports ${chain}`;
    if (!/\.(ts|tsx|mjs|js)$/.test(current)) continue;
    const source = fs.readFileSync(current, 'utf8');
    const variable = DATABASE_VARIABLES.exec(source.replace(NO_DATABASE_MARKER, ''));
    if (variable) return `${chain} reads ${variable[1]}`;
    for (const match of source.matchAll(IMPORT)) {
      const specifier = match[1] ?? match[2]!;
      const bare = specifier.startsWith('@') ? specifier.split('/').slice(0, 2).join('/') : specifier.split('/')[0]!;
      if (DATABASE_PACKAGES.has(bare)) return `${chain} imports ${bare}`;
      const next = resolveImport(current, specifier);
      if (next) queue.push([next, [...via, current]]);
    }
  }
  return undefined;
}

/**
 * The test files marked `// @no-database` (paths from the repository root, the working directory
 * of every Vitest run); throws when one of them may touch a database after all.
 */
export function noDatabaseTestFiles(): string[] {
  const marked = fs
    .readdirSync('tests')
    .filter((name) => name.endsWith('.test.ts'))
    .map((name) => `tests/${name}`)
    .filter((file) => NO_DATABASE_MARKER.test(fs.readFileSync(file, 'utf8')));
  const wrong = marked.flatMap((file) => {
    const reason = databaseReason(file);
    return reason ? [`${file} is marked // @no-database, but ${reason}: take the marker off (it then runs on PostgreSQL too)`] : [];
  });
  if (wrong.length > 0) throw new Error(wrong.join('\n'));
  return marked;
}
