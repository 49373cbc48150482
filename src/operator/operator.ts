/**
 * The operator's use cases, behind `/admin` (src/routes/operator): catalog writes that the exchange
 * must follow (a new event's markets become tradable at once, a market's settings reach the
 * engine), deposits, resolutions, the exchange mode, the instance's status and the integrity
 * acknowledgement. Every write is audited. Routes parse, call one method here and send.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../store/schema.js';
import type { ExchangeService } from '../exchange/service.js';
import type { ExchangeMode } from '../exchange/mode.js';
import type { WriterLock } from '../store/writer-lock.js';
import { addMarket, createEvent, patchMarket, type EventInput, type MarketInput } from '../catalog/operator/events.js';
import { createComment, createProfile, type CommentInput } from '../catalog/operator/content.js';
import type { SettingsInput } from '../catalog/operator/input.js';
import { microToDecimal } from '../catalog/amounts.js';
import { audit, type NewProfile } from '../catalog/write.js';
import { rebuildEventOfMarket } from '../catalog/event-json.js';
import { ApiError, errors } from '../errors/catalogue.js';
import { parseMicroDigits, tooLargeMessage } from '../domain/micro-input.js';
import { checksumAddress } from '../domain/address.js';
import { isConditionId } from '../domain/ids.js';
import { formatMicro, MAX_AMOUNT, MICRO, parseMicro } from '../domain/money.js';
import { COLLATERAL } from '../ledger/types.js';
import { DEFAULT_NEG_RISK_ADAPTER } from '../domain/neg-risk-ids.js';
import { namePlaceholder } from '../catalog/operator/neg-risk.js';

export interface OperatorDeps {
  db: Kysely<Database>;
  dialect: 'sqlite' | 'postgres';
  exchange: ExchangeService;
  writerLock: WriterLock;
  now(): number;
  /** Where a failure that does not fail the request is reported. */
  warn(msg: string, err: unknown): void;
  /** The NegRiskAdapter whose formula gives new neg-risk events their ids (docs/neg-risk.md). */
  negRiskAdapter?: string;
}

type Counted = 'events' | 'markets' | 'comments' | 'profiles';
const num = (micro: number) => Number(microToDecimal(micro));
const iso = (ms: number) => new Date(ms).toISOString();

export class Operator {
  private readonly startedAt = Date.now();
  private readonly namedListeners: Array<(conditionId: string) => void> = [];

  constructor(private readonly d: OperatorDeps) {}

  async createEvent(input: EventInput) {
    const event = await createEvent(this.d.db, input, this.d.now(), this.negRiskAdapter);
    for (const m of event.markets) await this.d.exchange.syncMarket(m.conditionId); // tradable at once
    return event;
  }

  async addMarket(input: MarketInput & { eventSlug: string }) {
    const created = await addMarket(this.d.db, input, this.d.now(), this.negRiskAdapter);
    await this.d.exchange.syncMarket(created.conditionId);
    return created;
  }

  /**
   * Changes a market's flags and settings; the engine's copy of the settings follows the catalog.
   * `question` (and `slug`) name a placeholder of an augmented neg-risk event: it then takes
   * orders and is announced to `onNamed` listeners (the streams' `new_market`).
   */
  async patchMarket(conditionId: string, input: SettingsInput & { question?: string; slug?: string }) {
    const { question, slug, ...settings } = input;
    if (question === undefined && slug !== undefined) throw errors.badRequest('slug can only be changed with question, when naming a placeholder');
    if (question !== undefined) {
      await namePlaceholder(this.d.db, conditionId, { question, slug }, this.d.now());
    }
    const m = await patchMarket(this.d.db, conditionId, settings, this.d.now());
    await this.d.exchange.syncMarket(m.condition_id);
    if (question !== undefined) for (const fn of this.namedListeners) fn(m.condition_id);
    return {
      ...m, condition_id: m.condition_id, active: m.active === 1, closed: m.closed === 1, archived: m.archived === 1,
      accepting_orders: m.accepting_orders === 1, enable_order_book: m.enable_order_book === 1,
      minimum_tick_size: num(m.minimum_tick_size), minimum_order_size: num(m.minimum_order_size),
      notifications_enabled: m.notifications_enabled === 1, is_50_50_outcome: m.is_50_50_outcome === 1, itode: m.itode === 1,
      check_enabled: m.check_enabled === 1, rfq_enabled: m.rfq_enabled === 1,
      rewards_min_size: num(m.rewards_min_size), rewards_max_spread: num(m.rewards_max_spread), rewards_daily_rate: num(m.rewards_daily_rate),
    };
  }

  /** Told the condition id of each placeholder the operator names (after the exchange follows). */
  onNamed(fn: (conditionId: string) => void): void {
    this.namedListeners.push(fn);
  }

  private get negRiskAdapter(): string {
    return this.d.negRiskAdapter ?? DEFAULT_NEG_RISK_ADAPTER;
  }

  createComment(input: CommentInput) {
    return createComment(this.d.db, input, this.d.now());
  }

  createProfile(input: NewProfile) {
    return createProfile(this.d.db, input, this.d.now());
  }

  /**
   * Credits collateral to a wallet. `amount` is an integer string of micro-units; past the exact
   * range (src/domain/micro-input.ts), past the largest single deposit or past what the venue
   * holds in all (the ledger's bound) it is `amount_too_large` naming the limit.
   */
  async deposit(address: string, amount: string) {
    const wallet = checksumAddress(address);
    if (!wallet) throw errors.badRequest('address must be a 0x-prefixed 20-byte hex address');
    const n = parseMicroDigits(amount);
    if (n === 'too_large') throw new ApiError('amount_too_large', tooLargeMessage('amount'));
    if (n === 'invalid' || n <= 0) throw errors.badRequest('amount must be a positive integer string of micro-units');
    if (n > MAX_AMOUNT) throw new ApiError('amount_too_large', `amount must be between 1 and ${MAX_AMOUNT} (6-decimal units)`);
    const r = await this.d.exchange.run((ex) => ex.deposit(wallet, n));
    if (!r.ok) throw new ApiError(r.reject.code === 'amount_too_large' ? 'amount_too_large' : 'bad_request', r.reject.message);
    await audit(this.d.db, 'deposit', wallet, { amount }, this.d.now());
    const b = this.d.exchange.core.balance(wallet, COLLATERAL);
    return { wallet, asset: COLLATERAL, balance: formatMicro(b.free + b.reserved), free: formatMicro(b.free) };
  }

  /**
   * Resolves a market — `winner` 0 or 1, or two `payouts` that add up to 1: trading stops, open
   * orders are cancelled (market resolved), positions become redeemable.
   */
  async resolve(conditionId: string, body: { winner?: number; payouts?: Array<string | number> }) {
    if (!isConditionId(conditionId)) throw errors.badRequest('condition_id must be 0x followed by 64 lowercase hex digits');
    if (!this.d.exchange.core.market(conditionId)) throw errors.notFound('market not found');
    const payouts = payoutsOf(body);
    const r = await this.d.exchange.run((ex) => ex.resolve(conditionId, payouts));
    if (!r.ok) throw new ApiError('bad_request', r.reject.message, { extra: { code: r.reject.code } });
    await audit(this.d.db, 'resolve', conditionId, { payouts }, this.d.now());
    // The event's stored answers show the market closed now (catalog/event-json.ts); if that
    // fails they stay cleared and readers build them from the rows.
    await rebuildEventOfMarket(this.d.db, conditionId).catch((err) => this.d.warn('stored event answers not rebuilt', err));
    const winner = payouts[0] > payouts[1] ? 0 : payouts[1] > payouts[0] ? 1 : null;
    return { condition_id: conditionId, payouts: payouts.map(formatMicro), winner };
  }

  get mode(): ExchangeMode {
    return this.d.exchange.mode;
  }

  setMode(mode: ExchangeMode): Promise<void> {
    return this.d.exchange.setMode(mode);
  }

  /** What this instance runs on, how much it holds, its writer lock and the last integrity check. */
  async status() {
    const count = async (table: Counted) =>
      Number((await this.d.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
    const { integrity } = this.d.exchange;
    const r = integrity.report;
    return {
      version: '0.1.0',
      store: this.d.dialect,
      uptimeSeconds: Math.floor((Date.now() - this.startedAt) / 1000),
      counts: { events: await count('events'), markets: await count('markets'), comments: await count('comments'), profiles: await count('profiles') },
      writer: { held: this.d.writerLock.held, ...this.d.writerLock.holder },
      integrity: {
        ok: r.ok, violations: r.violations, checkedAt: iso(r.checkedAt), checkMs: r.checkMs,
        acknowledgedAt: r.acknowledgedAt === null ? null : iso(r.acknowledgedAt), holding: integrity.holding,
      },
    };
  }

  /** The operator's acknowledgement of a failed integrity check: new orders are accepted again. */
  acknowledgeIntegrity(): { acknowledged: boolean; violations: string[] } {
    const acknowledged = this.d.exchange.integrity.acknowledge(this.d.now());
    const { violations } = this.d.exchange.integrity.report;
    if (acknowledged) this.d.warn('integrity failure acknowledged by the operator: trading resumes on a database that breaks the ledger invariants', violations);
    return { acknowledged, violations };
  }
}

function payoutsOf(body: { winner?: number; payouts?: Array<string | number> }): [number, number] {
  if ((body.winner === undefined) === (body.payouts === undefined)) throw errors.badRequest('give exactly one of winner or payouts');
  if (body.winner !== undefined) return body.winner === 0 ? [MICRO, 0] : [0, MICRO];
  const p = body.payouts!.map((v) => parseMicro(String(v)));
  if (p.some((v) => v === null) || p[0]! + p[1]! !== MICRO) throw errors.badRequest('payouts must be two decimals from 0 to 1 that add up to 1');
  return [p[0]!, p[1]!];
}
