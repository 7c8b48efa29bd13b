/**
 * State that must exist once per process, whichever bundle asks.
 *
 * Why on globalThis: scripts/serve.mjs loads two bundles, the boot bundle (dist/boot/boot.mjs: the
 * configuration, the database, the guest fast path) and Astro's server bundle (the routes), and
 * each carries its own copy of every module (docs/decisions/001). State kept in a module's own
 * variables would exist twice, and the two halves of the server would disagree (two database
 * connections, two snapshot caches, two write counters). So each subsystem declares its state
 * next to its code, `const state = processSingleton('snapshots', () => ({ … }))`, and all of it
 * hangs under this one documented key; no other module keeps state on globalThis.
 *
 * This module knows no subsystem's types: it is a leaf every module may import without a cycle.
 */
const KEY = Symbol.for('porchlight.process-state');

type Registry = Map<string, unknown>;

function registry(): Registry {
  return ((globalThis as { [KEY]?: Registry })[KEY] ??= new Map());
}

/** The process's one `name` state, made by `init` the first time either bundle asks. */
export function processSingleton<T>(name: string, init: () => T): T {
  const all = registry();
  if (!all.has(name)) all.set(name, init());
  return all.get(name) as T;
}
