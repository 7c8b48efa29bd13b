import { config } from 'zod/v4/core';

/**
 * Zod probes `new Function('')` when its first object schema is built, to decide whether it may
 * compile fast parsers. Our CSP forbids eval, so the probe is blocked and reported as a violation
 * even though zod catches it. `jitless` skips the probe. Every island that validates with the
 * shared schemas imports this module first, before the schema modules are evaluated.
 */
config({ jitless: true });
