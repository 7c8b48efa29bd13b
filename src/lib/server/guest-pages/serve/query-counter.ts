import { AsyncLocalStorage } from 'node:async_hooks';
import { processSingleton } from '../../platform/process-singleton.ts';

type Scope = AsyncLocalStorage<{ count: number }>;

const counter = processSingleton('query-counter', () => ({ scope: undefined as Scope | undefined }));

/**
 * Test-only proof that a snapshot hit never touches the database: installed by workers.ts when
 * NODE_ENV=test, it counts every statement the database runs while a guest request runs, answered
 * as the `x-sqlite-queries` header (the name predates PostgreSQL; the database layer reports each
 * statement through `countStatements`, db/open-database.ts). Without it (production) the guest
 * path measures nothing: `queryCounter()` is undefined.
 */
export function installQueryCounter(countStatements: (onStatement: () => void) => void): void {
  if (counter.scope) return;
  const scope: Scope = new AsyncLocalStorage();
  counter.scope = scope;
  countStatements(() => {
    const store = scope.getStore();
    if (store) store.count += 1;
  });
}

export interface QueryCounter {
  count<T>(run: () => T): { result: T; queries: number };
  countAsync<T>(run: () => Promise<T>): Promise<{ result: T; queries: number }>;
}

/** The installed counter (tests), or undefined: one property read on the guest path. */
export function queryCounter(): QueryCounter | undefined {
  const scope = counter.scope;
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
