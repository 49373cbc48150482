/**
 * Delivery in commit order when some steps must wait (a catalog row for `new_market`, a
 * market's statics): steps run in the order they were queued; a step that returns a promise
 * holds every later one until it settles. With nothing waiting, a step runs at once, in the
 * caller's call — the common case costs no promise and no tick.
 */
export class Sequencer {
  private tail: Promise<void> = Promise.resolve();
  private waiting = 0;

  constructor(private readonly onError: (err: unknown) => void) {}

  run(step: () => void | Promise<void>): void {
    if (this.waiting === 0) {
      let r: void | Promise<void>;
      try {
        r = step();
      } catch (err) {
        this.onError(err);
        return;
      }
      if (r instanceof Promise) this.hold(r);
      return;
    }
    this.hold(this.tail.then(step));
  }

  /** Resolves once every step queued so far has run. */
  idle(): Promise<void> {
    return this.tail;
  }

  private hold(p: Promise<void>): void {
    this.waiting++;
    this.tail = p.catch((err: unknown) => this.onError(err)).finally(() => { this.waiting--; });
  }
}
