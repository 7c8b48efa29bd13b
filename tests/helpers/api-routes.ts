import fs from 'node:fs';
import path from 'node:path';

/**
 * Every handler under src/pages/api as its file declares it: `METHOD /api/…/[param]` (the file's
 * path, `index` dropped), the file, and the handler's own text (from its `export const` to the
 * next one), for the tests that hold each route to a rule (tests/team-access.test.ts,
 * tests/team-roles.test.ts).
 */
export interface ApiHandler {
  key: string;
  file: string;
  body: string;
}

const HANDLER = /export const (GET|POST|PUT|PATCH|DELETE)\b/g;

export function apiHandlersOnDisk(root = new URL('../../src/pages/api/', import.meta.url).pathname): ApiHandler[] {
  const handlers: ApiHandler[] = [];
  for (const entry of fs.readdirSync(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.ts')) continue;
    const file = path.join(entry.parentPath, entry.name);
    const route = `/api/${path.relative(root, file).replace(/\.ts$/, '').replace(/(^|\/)index$/, '')}`.replace(/\/$/, '');
    const source = fs.readFileSync(file, 'utf8');
    const starts = [...source.matchAll(HANDLER)];
    starts.forEach((match, index) => {
      const body = source.slice(match.index, starts[index + 1]?.index ?? source.length);
      handlers.push({ key: `${match[1]} ${route}`, file: path.relative(process.cwd(), file), body });
    });
  }
  return handlers.sort((a, b) => a.key.localeCompare(b.key));
}

/** A path of `key` with each `[param]` filled in, as a request would name it. */
export function concretePath(key: string): string {
  return key.slice(key.indexOf(' ') + 1).replace(/\[[^\]]+\]/g, 'x');
}
