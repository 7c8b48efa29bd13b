import { config } from 'zod/v4/core';

/**
 * Zod probes `new Function('')` when its first object schema is built, to decide whether it may
 * compile fast parsers. Our CSP forbids eval, so the probe is blocked and reported as a violation
 * even though zod catches it. `jitless` skips the probe. It must run before any schema module is
 * evaluated, so every browser entry that validates with the shared schemas (AdminApp, the auth and
 * contact islands) imports this module first; only zod's tiny config module is bundled.
 *
 * The config is global to the process, so on the server (where the same islands are rendered to
 * HTML) it stays off: there is no CSP in Node, and its compiled parsers are about 3 times faster.
 */
if (!import.meta.env.SSR) config({ jitless: true });
