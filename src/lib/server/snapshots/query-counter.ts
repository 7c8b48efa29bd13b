import { AsyncLocalStorage } from 'node:async_hooks';
import type SQLite from 'better-sqlite3';
import { processState } from '../process-state.ts';

type Scope = AsyncLocalStorage<{ count: number }>;

/**
 * Test-only proof that a snapshot hit never touches SQLite: installed by workers.ts when
 * NODE_ENV=test, it counts every statement prepared on the connection while a guest request runs,
 * answered as the `x-sqlite-queries` header (Kysely prepares one statement per query). Without it
 * (production) the guest path measures nothing: `queryCounter()` is undefined.
 */
export function installQueryCounter(sqlite: SQLite.Database): void {
  if (processState.queryCounter) return;
  const scope: Scope = new AsyncLocalStorage();
  processState.queryCounter = scope;
  const prepare = sqlite.prepare.bind(sqlite);
  sqlite.prepare = ((source: string) => {
    const store = scope.getStore();
    if (store) store.count += 1;
    return prepare(source);
  }) as typeof sqlite.prepare;
}

export interface QueryCounter {
  count<T>(run: () => T): { result: T; queries: number };
  countAsync<T>(run: () => Promise<T>): Promise<{ result: T; queries: number }>;
}

/** The installed counter (tests), or undefined: one property read on the guest path. */
export function queryCounter(): QueryCounter | undefined {
  const scope = processState.queryCounter;
  if (!scope) return undefined;
  return {
    count(run) {
      const store = { count: 0 };
      const result = scope.run(store, run);
      return { result, queries: store.count };
    },
    async countAsync(run) {
      const store = { count: 0 };
      const result = await scope.run(store, run);
      return { result, queries: store.count };
    },
  };
}
