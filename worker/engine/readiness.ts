import type { EngineEvent } from '../../shared/protocol';

/**
 * Asset loads in flight, for the loading bar, the one-time 'ready' event (first frame drawn with
 * nothing pending) and `settled()` waiters (tests, thumbnails).
 */
export class Readiness {
  private pending = 0;
  private loaded = 0;
  private total = 0;
  private readyEmitted = false;
  private waiters: (() => void)[] = [];

  constructor(
    private emit: (e: EngineEvent) => void,
    private invalidate: () => void,
    /** The last drawn frame is up to date (Loop.current()). */
    private current: () => boolean = () => false,
  ) {}

  track<T>(label: string, work: Promise<T>): Promise<T> {
    this.pending++;
    this.total++;
    this.emit({ type: 'progress', loaded: this.loaded, total: this.total, label });
    const done = () => {
      this.pending--;
      this.loaded++;
      this.emit({ type: 'progress', loaded: this.loaded, total: this.total, label });
      if (this.pending === 0) {
        // The next batch of loads starts a new bar.
        this.loaded = this.total = 0;
        this.invalidate();
      }
    };
    work.then(done, done);
    return work;
  }

  /** Call after each drawn frame. */
  drawn(): void {
    if (this.pending > 0) return;
    if (!this.readyEmitted) {
      this.readyEmitted = true;
      this.emit({ type: 'ready' });
    }
    const waiters = this.waiters;
    this.waiters = [];
    waiters.forEach((w) => w());
  }

  /**
   * Resolves after a frame has been drawn with no load pending: at once when the last one was and
   * nothing changed since (a host asking on model-loaded, the model's frame already drawn, must
   * not wait a whole frame more for the same picture).
   */
  settled(): Promise<void> {
    if (this.pending === 0 && this.readyEmitted && this.current()) return Promise.resolve();
    return new Promise((resolve) => {
      this.waiters.push(resolve);
      this.invalidate();
    });
  }
}
