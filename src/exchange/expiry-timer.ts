/**
 * One timer for every GTD order of the exchange: it fires at the earliest expiry the core knows
 * (`nextExpiry`), runs the expiry command, and re-arms itself. `arm()` is called after every
 * command (a new GTD order may expire sooner) and after a rebuild (`reset()` first: the rebuilt
 * core's earliest expiry may be later than the armed one).
 */
export class ExpiryTimer {
  private timer: NodeJS.Timeout | null = null;
  private at = Infinity;
  private stopped = false;

  constructor(
    private readonly nextExpiry: () => number | null,
    private readonly now: () => number,
    private readonly expire: () => void,
  ) {}

  arm(): void {
    if (this.stopped) return;
    const next = this.nextExpiry();
    if (next === null || next >= this.at) return;
    if (this.timer) clearTimeout(this.timer);
    this.at = next;
    const delay = Math.max(0, Math.min(next - this.now(), 2 ** 31 - 1));
    this.timer = setTimeout(() => {
      this.timer = null;
      this.at = Infinity;
      this.expire();
      this.arm();
    }, delay);
    this.timer.unref();
  }

  /** Forgets the armed time and arms anew (after a rebuild). */
  reset(): void {
    this.at = Infinity;
    this.arm();
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
  }
}
