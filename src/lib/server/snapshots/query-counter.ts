import { AsyncLocalStorage } from 'node:async_hooks';
import type SQLite from 'better-sqlite3';

/**
 * Test-only proof that a snapshot hit never touches SQLite (NODE_ENV=test): every statement
 * prepared on the connection while a guest request runs is counted and answered as the
 * `x-sqlite-queries` header. Kysely prepares one statement per query.
 */
// On globalThis: the boot bundle (the fast path) and the Astro bundle each carry this module, and
// the one patched `prepare` must see the counting scope of either.
const SCOPE = Symbol.for('porchlight.query-counter.scope');
const holder = globalThis as { [SCOPE]?: AsyncLocalStorage<{ count: number }> };
const requests = (holder[SCOPE] ??= new AsyncLocalStorage<{ count: number }>());
const PATCHED = Symbol.for('porchlight.query-counter');

export function installQueryCounter(sqlite: SQLite.Database): void {
  const target = sqlite as SQLite.Database & { [PATCHED]?: boolean };
  if (target[PATCHED]) return;
  target[PATCHED] = true;
  const prepare = sqlite.prepare.bind(sqlite);
  target.prepare = ((source: string) => {
    const store = requests.getStore();
    if (store) store.count += 1;
    return prepare(source);
  }) as typeof sqlite.prepare;
}

export async function countQueries<T>(run: () => Promise<T>): Promise<{ result: T; queries: number }> {
  const store = { count: 0 };
  const result = await requests.run(store, run);
  return { result, queries: store.count };
}

export function countQueriesSync<T>(run: () => T): { result: T; queries: number } {
  const store = { count: 0 };
  const result = requests.run(store, run);
  return { result, queries: store.count };
}
