/**
 * A wake-up signal for live subscriptions. Each notification bumps a generation counter, so a
 * subscriber that read the counter before querying never misses a notification that arrives
 * between its query and its wait.
 */
export class Wakeup {
  #generation = 0;
  #waiters = new Set<() => void>();

  get generation(): number {
    return this.#generation;
  }

  bump(): void {
    this.#generation += 1;
    const waiters = [...this.#waiters];
    this.#waiters.clear();
    for (const wake of waiters) wake();
  }

  /**
   * Resolves when the generation moves past `seen`, after `timeoutMs` (the polling fallback
   * that makes a lost notification a delay, not a loss) or when `signal` aborts.
   */
  wait(seen: number, timeoutMs: number, signal: AbortSignal): Promise<void> {
    if (this.#generation !== seen || signal.aborted) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        signal.removeEventListener('abort', done);
        this.#waiters.delete(done);
        resolve();
      };
      const timer = setTimeout(done, timeoutMs);
      signal.addEventListener('abort', done, { once: true });
      this.#waiters.add(done);
    });
  }
}
