/**
 * How long a test waits for a condition before it says the condition never came: a hang detector,
 * not a speed check, so far beyond what a machine busy with other jobs needs (docs/style.md 7).
 * `expect.poll` waits as long (vitest.config.ts), and a test's own timeout is twice this, so a
 * condition that never comes fails with its own message rather than with the test's timeout.
 */
export const CONDITION_TIMEOUT_MS = 30_000;

/**
 * Asks `read` again every `intervalMs` until `done` holds, and answers that value. Waits for the
 * condition, never for a time: only after CONDITION_TIMEOUT_MS does it fail, naming `what` and the
 * last value read.
 */
export async function until<T>(read: () => T | Promise<T>, done: (value: T) => boolean, what: string, intervalMs = 25): Promise<T> {
  // performance.now(), not Date.now(): some tests fake Date.
  const deadline = performance.now() + CONDITION_TIMEOUT_MS;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (performance.now() > deadline) throw new Error(`${what}: not within ${CONDITION_TIMEOUT_MS / 1000} s; last: ${String(JSON.stringify(value)).slice(0, 300)}`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
