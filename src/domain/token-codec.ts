/**
 * The token-id codec: the one place that maps between the internal token id
 * `<condition_id>:<outcome_index>` (what the core, the ledger and the store use) and the id a
 * client sees on the wire (compat.md §10, docs/bots.md):
 *
 * - `seed` mode (default): the wire id is the internal id.
 * - `ctf` mode: the wire id is the Conditional Tokens position id (a uint256 as a decimal string),
 *   derived from the condition id and the collateral (the wrapped collateral for neg-risk
 *   markets): src/domain/ctf-ids.ts.
 *
 * In both modes every input accepts both forms (`internal()`). Ids are derived, never stored,
 * so the mode can be switched on an existing database. Deriving one id costs ~0.3 ms (a square
 * root in the alt_bn128 field), so derivations are memoised both ways: a request costs one map
 * lookup. The composition root installs the codec once (`installTokenCodec`) from the config and
 * the catalog's markets (condition id → neg-risk), and derives every market's ids in the
 * background; a market learnt later (`learn`) is derived on first use.
 *
 * Translation happens at the edges of the services (wire formatting and input parsing): the
 * core and the engine keep the internal form.
 */
import type { Hex } from 'viem';
import { positionId } from './ctf-ids.js';

export type TokenIdMode = 'seed' | 'ctf';

export const USDC_E_POLYGON = '0x2791Bca1f2de4661ED88A30C99A7a9449Aa84174';
export const WRAPPED_COLLATERAL_POLYGON = '0x3A3BD7bb9528E159577F7C2e685CC81A765002E2';

const INTERNAL = /^(0x[0-9a-fA-F]{64}):(0|1)$/;
const NUMERIC = /^[0-9]{1,78}$/;
const INTERNAL_IN_TEXT = /0x[0-9a-fA-F]{64}:[01](?![0-9])/g;

export interface CodecOptions {
  mode: TokenIdMode;
  collateral: string;
  negRiskCollateral: string;
}

export class TokenCodec {
  private readonly negRisk = new Map<string, boolean>();
  private readonly toNumeric = new Map<string, string>();
  private readonly fromNumeric = new Map<string, string>();

  constructor(readonly options: CodecOptions) {}

  get mode(): TokenIdMode { return this.options.mode; }

  /**
   * Records a market (and whether it is neg-risk: its ids use the wrapped collateral) and derives
   * its two ids now (~0.6 ms), so its position ids are accepted at once; `derive: false` leaves
   * that to `deriveAll` (the bulk load at start).
   */
  learn(conditionId: string, negRisk: boolean, derive = true): void {
    const cid = conditionId.toLowerCase();
    if (this.negRisk.get(cid) !== negRisk) {
      this.negRisk.set(cid, negRisk);
      for (const i of [0, 1]) { // a changed flag changes the ids: forget the old ones
        const old = this.toNumeric.get(`${cid}:${i}`);
        if (old !== undefined) { this.fromNumeric.delete(old); this.toNumeric.delete(`${cid}:${i}`); }
      }
    }
    if (derive) for (const i of [0, 1]) this.positionIdOf(`${cid}:${i}`);
  }

  /** An imported market's own id for a token (its source's `clobTokenIds`): shown and accepted instead of the derived one. */
  alias(internal: string, sourceId: string): void {
    const key = internal.toLowerCase();
    const old = this.toNumeric.get(key);
    if (old !== undefined) this.fromNumeric.delete(old);
    this.toNumeric.set(key, sourceId);
    this.fromNumeric.set(sourceId, key);
  }

  /** Whether the market was learnt (at start, on creation here, or from a committed batch). */
  knows(conditionId: string): boolean { return this.negRisk.has(conditionId.toLowerCase()); }

  isNegRisk(conditionId: string): boolean { return this.negRisk.get(conditionId.toLowerCase()) === true; }

  /** The CTF position id of an internal token id (memoised), regardless of the mode. */
  positionIdOf(internal: string): string {
    const hit = this.toNumeric.get(internal);
    if (hit !== undefined) return hit;
    const m = INTERNAL.exec(internal);
    if (m === null) return internal;
    const cid = m[1]!.toLowerCase();
    const collateral = this.negRisk.get(cid) === true ? this.options.negRiskCollateral : this.options.collateral;
    const id = positionId(collateral as Hex, cid as Hex, Number(m[2]));
    const key = `${cid}:${m[2]}`;
    this.toNumeric.set(key, id);
    this.fromNumeric.set(id, key);
    return id;
  }

  /** The id clients see for an internal token id. */
  wire(internal: string): string {
    return this.options.mode === 'ctf' ? this.positionIdOf(internal) : internal;
  }

  /** Any accepted form (internal in any hex case, or a known position id) → the internal id. */
  internal(text: string): string | undefined {
    if (NUMERIC.test(text)) return this.fromNumeric.get(text.replace(/^0+(?=\d)/, ''));
    const m = INTERNAL.exec(text);
    return m === null ? undefined : `${m[1]!.toLowerCase()}:${m[2]}`;
  }

  /**
   * A response's text with every internal token id replaced by its wire id (ctf mode; the text
   * itself in seed mode). The one output translation: HTTP bodies (an onSend hook) and stream
   * frames pass through here, so no formatter needs to know the mode.
   */
  wireText(text: string): string {
    if (this.options.mode !== 'ctf' || text.indexOf(':') < 0) return text;
    return text.replace(INTERNAL_IN_TEXT, (id) => this.positionIdOf(id.toLowerCase()));
  }

  /** Whether the text looks like a position id (decimal digits). */
  static isNumeric(text: string): boolean { return NUMERIC.test(text); }

  /** Derives the ids of every learnt market, a few at a time between other work (setImmediate). */
  deriveAll(chunk = 25): Promise<void> {
    const cids = [...this.negRisk.keys()];
    return new Promise((resolve) => {
      let i = 0;
      const step = () => {
        const end = Math.min(cids.length, i + chunk);
        for (; i < end; i++) for (const o of [0, 1]) this.positionIdOf(`${cids[i]}:${o}`);
        if (i < cids.length) setImmediate(step); else resolve();
      };
      step();
    });
  }
}

let active = new TokenCodec({ mode: 'seed', collateral: USDC_E_POLYGON, negRiskCollateral: WRAPPED_COLLATERAL_POLYGON });

/** Installs the process's codec (the composition root, once per service). */
export function installTokenCodec(codec: TokenCodec): void { active = codec; }

/** The installed codec (a seed-mode codec until one is installed). */
export function tokenCodec(): TokenCodec { return active; }

/** Shorthand: the wire form of an internal token id. */
export function wireToken(internal: string): string { return active.wire(internal); }

/** A token id as the internal form where it is one (either form); anything else unchanged. */
export function asInternal<T extends string | undefined>(text: T): T {
  return (text === undefined ? text : (active.internal(text) ?? text)) as T;
}
