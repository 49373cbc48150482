/**
 * The integrity check on every rebuild of the core (start, and after a failed write or a broken
 * command): the ledger invariants the property tests state (src/core/invariants.ts — money
 * conserved, outcome supplies equal locked collateral, reservations equal open orders, books equal
 * live orders …). A database that fails them was corrupted outside the command path (two writers,
 * a hand edit, a restored backup of the wrong tables): trading on it would spread the damage. So a
 * failure is logged loudly, shown in `GET /admin/status` and `/metrics`, and new orders and ledger
 * operations are refused (cancels and reads keep working) until the operator acknowledges it
 * (`POST /admin/integrity/acknowledge`). An acknowledgement lasts until the next rebuild, which
 * checks again.
 */
import { findViolations, type ExchangeCore } from '../core/index.js';
import { integrityMetrics } from '../metrics/engine.js';

export const INTEGRITY_FAILED = 'INTEGRITY CHECK FAILED: the database breaks the ledger invariants; new orders and ledger operations are refused until the operator acknowledges (POST /admin/integrity/acknowledge)';

/** At most this many broken invariants are listed (the check stops there). */
const MAX_LISTED = 20;

export interface IntegrityReport {
  ok: boolean;
  /** The broken invariants found, at most MAX_LISTED. */
  violations: string[];
  /** When the last check ran (ms since the epoch) and how long it took (ms). */
  checkedAt: number;
  checkMs: number;
  /** When the operator acknowledged a failed check, or null. */
  acknowledgedAt: number | null;
}

export class Integrity {
  private current: IntegrityReport = { ok: true, violations: [], checkedAt: 0, checkMs: 0, acknowledgedAt: null };

  constructor(private readonly log: (msg: string, report: IntegrityReport) => void) {}

  get report(): IntegrityReport {
    return { ...this.current, violations: [...this.current.violations] };
  }

  /** Whether new orders and ledger operations are held: a failed check not yet acknowledged. */
  get holding(): boolean {
    return !this.current.ok && this.current.acknowledgedAt === null;
  }

  check(core: ExchangeCore, now: number): IntegrityReport {
    const t0 = performance.now();
    const violations = findViolations(core, MAX_LISTED);
    const checkMs = Math.round((performance.now() - t0) * 10) / 10;
    this.current = { ok: violations.length === 0, violations, checkedAt: now, checkMs, acknowledgedAt: null };
    integrityMetrics.ok.set(this.current.ok ? 1 : 0);
    integrityMetrics.violations.set(violations.length);
    integrityMetrics.checkSeconds.set(checkMs / 1000);
    if (!this.current.ok) {
      this.log(INTEGRITY_FAILED, this.report);
    }
    return this.report;
  }

  /** The operator's acknowledgement of a failed check; false when there is nothing to acknowledge. */
  acknowledge(now: number): boolean {
    if (this.current.ok) return false;
    this.current.acknowledgedAt ??= now;
    return true;
  }
}
