/**
 * Runs tasks that share a key one after another, in the order they arrive; tasks of other keys run
 * alongside. A key is forgotten as soon as its last task settles, so the map holds only keys with a
 * task queued or running.
 */
export class KeyedQueue {
  private readonly tails = new Map<string, Promise<void>>();

  async run<T>(key: string, task: () => Promise<T>): Promise<T> {
    const previous = this.tails.get(key);
    let release!: () => void;
    const done = new Promise<void>((resolve) => (release = resolve));
    // `previous` only ever resolves (it is another task's `done`), so a failed task never blocks the queue.
    const tail = previous ? previous.then(() => done) : done;
    this.tails.set(key, tail);
    try {
      if (previous) await previous;
      return await task();
    } finally {
      release();
      if (this.tails.get(key) === tail) this.tails.delete(key);
    }
  }

  /** Keys with a task queued or running. */
  get size(): number {
    return this.tails.size;
  }
}
