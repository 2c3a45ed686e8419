import { describe, expect, it } from 'vitest';
import { createWorkGate, GateFull } from './work-gate.js';

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

describe('createWorkGate', () => {
  it('runs at most `concurrency` at once, queues up to `queue`, and refuses the next with its Retry-After', async () => {
    const gate = createWorkGate({ concurrency: 1, queue: 1, retryAfterSeconds: 7 });
    const first = deferred();
    const order: string[] = [];
    const a = gate.run(async () => {
      order.push('a start');
      await first.promise;
      order.push('a end');
    });
    const b = gate.run(async () => {
      order.push('b');
    });
    expect(gate.stats()).toEqual({ running: 1, waiting: 1 });
    await expect(gate.run(async () => 'c')).rejects.toEqual(new GateFull(7));
    first.resolve();
    await Promise.all([a, b]);
    expect(order).toEqual(['a start', 'a end', 'b']);
    expect(gate.stats()).toEqual({ running: 0, waiting: 0 });
  });

  it('frees the slot when the work fails', async () => {
    const gate = createWorkGate({ concurrency: 1, queue: 0, retryAfterSeconds: 1 });
    await expect(gate.run(async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await gate.run(async () => 'ok')).toBe('ok');
  });

  it('hands a freed slot to the first waiter, not to a newcomer', async () => {
    const gate = createWorkGate({ concurrency: 1, queue: 2, retryAfterSeconds: 1 });
    const hold = deferred();
    const seen: string[] = [];
    const a = gate.run(() => hold.promise);
    const b = gate.run(async () => void seen.push('waiter'));
    hold.resolve();
    await a;
    const c = gate.run(async () => void seen.push('newcomer'));
    await Promise.all([b, c]);
    expect(seen).toEqual(['waiter', 'newcomer']);
  });
});
