/**
 * The timing of a background job that works in turns (the calendar sync, the upload clean-up):
 * one turn at a time in this process (a run asked for while one is going gets that one), a turn
 * every `everyMs` and one just after start, on timers that never hold the process open. `turn`
 * must settle without throwing: each job logs its own failures. `stop()` ends the timers and
 * waits for the turn in progress; after it, `runSoon()` does nothing.
 */
export interface RecurringTurns<T> {
  /** One turn now, or the one in progress. */
  run(): Promise<T>;
  /** A turn without waiting for it, unless stopped. */
  runSoon(): void;
  readonly stopped: boolean;
  stop(): Promise<void>;
}

export function startRecurringTurns<T>(everyMs: number, turn: () => Promise<T>): RecurringTurns<T> {
  let running: Promise<T> | undefined;
  let stopped = false;

  const run = (): Promise<T> => {
    running ??= turn().finally(() => {
      running = undefined;
    });
    return running;
  };
  const runSoon = () => {
    if (!stopped) void run();
  };

  const interval = setInterval(runSoon, everyMs);
  interval.unref();
  setImmediate(runSoon);

  return {
    run,
    runSoon,
    get stopped() {
      return stopped;
    },
    async stop() {
      stopped = true;
      clearInterval(interval);
      await running;
    },
  };
}

/**
 * A worker every server runs and others kick (the booking systems' webhook inbox, the lock
 * worker): its turns, a failed one handed to `failed` (the next turn tries again), kept in
 * `holder.turns` while it runs so that a kick reaches it.
 */
export function startKickedTurns(everyMs: number, holder: { turns: RecurringTurns<number> | undefined }, turn: () => Promise<number>, failed: (error: unknown) => void): { stop(): Promise<void> } {
  const turns = startRecurringTurns(everyMs, () =>
    turn().catch((error: unknown) => {
      failed(error);
      return 0;
    }),
  );
  holder.turns = turns;
  return {
    async stop() {
      await turns.stop();
      if (holder.turns === turns) holder.turns = undefined;
    },
  };
}

/** Counts kept in memory and written in turns (docs/decisions/023): the view counts, the questions guests asked. */
export interface FlushTurns {
  /** Writes what is counted until now (after the write in progress, if any). */
  flush(): Promise<void>;
  /** Ends the timer and writes what is left. */
  stop(): Promise<void>;
}

/** `write` every `everyMs`, and once more on stop; `write` must settle without throwing (it logs and keeps its counts). */
export function startFlushTurns(everyMs: number, write: () => Promise<unknown>): FlushTurns {
  const turns = startRecurringTurns(everyMs, write);
  return {
    async flush() {
      await turns.run();
      await turns.run();
    },
    async stop() {
      await turns.stop();
      await write();
    },
  };
}
