/**
 * The phases of one request, each timed as it ends, for a `Server-Timing` header: the browser's
 * developer tools draw it beside the request, and `npm run bench` sums it per phase
 * (docs/performance.md, "Where a save's time goes"). Only durations leave the server, and only to
 * the signed-in host who made the request.
 */
export class ServerTiming {
  #last = performance.now();
  readonly #phases: [name: string, ms: number][] = [];

  /** Ends the phase that ran since the previous mark (or since this object was made) as `name`. */
  mark(name: string): void {
    const now = performance.now();
    this.#phases.push([name, now - this.#last]);
    this.#last = now;
  }

  /** `read;dur=0.4, clean;dur=1.9, …`, in the order the phases ran. */
  header(): string {
    return this.#phases.map(([name, ms]) => `${name};dur=${ms.toFixed(2)}`).join(', ');
  }
}
