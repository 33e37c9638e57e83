import { Injectable } from '@nestjs/common';

/**
 * Set once the server begins to shut down (`createApp`'s `preClose` hook, before the HTTP server stops):
 * requests still in flight are finished, and those that would only wait — an invoice's long poll — answer
 * what they know now instead of keeping the shutdown waiting.
 */
@Injectable()
export class Draining {
  private readonly controller = new AbortController();

  /** Aborted when the shutdown begins. */
  get signal(): AbortSignal {
    return this.controller.signal;
  }

  get active(): boolean {
    return this.controller.signal.aborted;
  }

  begin(): void {
    this.controller.abort();
  }

  /** Waits `ms`, or less if the shutdown begins meanwhile. */
  pause(ms: number): Promise<void> {
    if (this.active) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.signal.removeEventListener('abort', done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.signal.addEventListener('abort', done, { once: true });
    });
  }
}
