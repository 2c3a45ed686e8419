/** Thrown when a gate's slots and queue are full: the caller answers 503 with Retry-After. */
export class GateFull extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super('gate full');
  }
}

export interface GateOptions {
  /** How many pieces of work run at once. */
  concurrency: number;
  /** How many wait for a slot; one more is refused. */
  queue: number;
  /** The Retry-After a refused caller is given. */
  retryAfterSeconds: number;
}

/**
 * Caps expensive work that anonymous callers can start: beyond `concurrency` running and `queue`
 * waiting, `run` refuses at once instead of letting the backlog (and every other request's latency)
 * grow.
 */
export function createWorkGate({ concurrency, queue, retryAfterSeconds }: GateOptions) {
  let running = 0;
  const waiting: (() => void)[] = [];

  function release(): void {
    const next = waiting.shift();
    // The slot passes straight to the next waiter, so a newcomer cannot overtake the queue.
    if (next) next();
    else running--;
  }

  async function run<T>(work: () => Promise<T>): Promise<T> {
    if (running >= concurrency) {
      if (waiting.length >= queue) throw new GateFull(retryAfterSeconds);
      await new Promise<void>((resolve) => waiting.push(resolve));
    } else {
      running++;
    }
    try {
      return await work();
    } finally {
      release();
    }
  }

  return { run, stats: () => ({ running, waiting: waiting.length }) };
}

export type WorkGate = ReturnType<typeof createWorkGate>;
