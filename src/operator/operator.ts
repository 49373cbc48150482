/**
 * The operator's use cases, behind `/admin` (src/routes/operator): catalog writes that the exchange
 * must follow (a new event's markets become tradable at once, a market's settings reach the
 * engine), deposits, resolutions, the exchange mode, the instance's status and metrics, the
 * integrity acknowledgement, the living sandbox and the funder → signer links. Every write is
 * audited. Routes parse, call one method here and send; the shapes are schemas.ts and
 * instance-schemas.ts.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../store/schema.js';
import type { ExchangeService } from '../exchange/service.js';
import type { WriterLock } from '../store/writer-lock.js';
import type { SignedOrderStore } from '../trading/signed/store.js';
import type { Sandbox } from '../sandbox/sandbox.js';
import type { Deposits } from '../trading/deposits.js';
import type { BookHistoryRecorder } from '../marketdata/book-history.js';
import type { ClusterStatus } from '../cluster/index.js';
import { addMarket, createEvent, patchMarket } from '../catalog/operator/events.js';
import { createComment, createProfile } from '../catalog/operator/content.js';
import { microToDecimal } from '../catalog/amounts.js';
import { audit } from '../catalog/write.js';
import { rebuildEventOfMarket } from '../catalog/event-json.js';
import { ApiError, errors } from '../errors/catalogue.js';
import { isConditionId } from '../domain/ids.js';
import { formatMicro, MICRO, parseMicro } from '../domain/money.js';
import { DEFAULT_NEG_RISK_ADAPTER } from '../domain/neg-risk-ids.js';
import { namePlaceholder } from '../catalog/operator/neg-risk.js';
import { engineMetrics, renderMetrics } from '../metrics/index.js';
import { countRows, setEveryTrade } from './queries.js';
import type { AddedMarket, AddMarketInput, CommentInput, CreatedComment, CreatedEvent, EventInput, MarketPatchInput, MarketSettings, Profile, ProfileInput } from './schemas.js';
import type { Collateral } from '../domain/ctf-ids.js';
import type {
  Acknowledged, BookHistorySetting, DemoInput, DemoState, Deposited, InstanceStatus, ModeState, ResetAnswer, Resolved, ResolveInput, SignerLinks,
} from './instance-schemas.js';

export interface OperatorDeps {
  db: Kysely<Database>;
  dialect: 'sqlite' | 'postgres';
  exchange: ExchangeService;
  writerLock: WriterLock;
  /** The funder → signer links (docs/bots.md). */
  signedOrders: SignedOrderStore;
  now(): number;
  /** Where a failure that does not fail the request is reported. */
  warn(msg: string, err: unknown): void;
  /** The NegRiskAdapter whose formula gives new neg-risk events their ids (docs/neg-risk.md). */
  negRiskAdapter?: string;
  /** The collateral of the position-id formula (SIBYL_COLLATERAL_ADDRESS…): new markets' token ids. */
  collateral?: Collateral;
  /** The process's secp256k1 recovery (src/trading/signed/secp256k1.ts): shown by /admin/status. */
  signatures?: { backend: 'native' | 'js'; fallbackReason: string | null };
  /** Deposits (src/trading/deposits.ts), shared with the sandbox's simulated traders. */
  deposits: Pick<Deposits, 'credit'>;
  /** The living sandbox (docs/sandbox.md): its switch, reset and status. */
  sandbox: Pick<Sandbox, 'set' | 'reset' | 'status'>;
  bookHistory: Pick<BookHistoryRecorder, 'loadMarkets'>;
  /** Cluster role and following (src/cluster); a single instance's says writer. */
  cluster: { status(): ClusterStatus };
  /** Told the condition id of each placeholder the operator names (the streams' `new_market`). */
  onNamed?: (conditionId: string) => void;
}


const num = (micro: number) => Number(microToDecimal(micro));
const iso = (ms: number) => new Date(ms).toISOString();
const ADDRESS = /^0x[0-9a-fA-F]{40}$/;

export class Operator {
  private readonly startedAt = Date.now();

  constructor(private readonly d: OperatorDeps) {}

  async createEvent(input: EventInput): Promise<CreatedEvent> {
    const event = await createEvent(this.d.db, input, this.d.now(), this.negRiskAdapter, this.d.collateral);
    for (const m of event.markets) await this.d.exchange.syncMarket(m.conditionId); // tradable at once
    return event;
  }

  async addMarket(input: AddMarketInput): Promise<AddedMarket> {
    const created = await addMarket(this.d.db, input, this.d.now(), this.negRiskAdapter, this.d.collateral);
    await this.d.exchange.syncMarket(created.conditionId);
    return created;
  }

  /**
   * Changes a market's flags and settings; the engine's copy of the settings follows the catalog.
   * `question` (and `slug`) name a placeholder of an augmented neg-risk event: it then takes
   * orders and is announced to `onNamed` (the streams' `new_market`).
   */
  async patchMarket(conditionId: string, input: MarketPatchInput): Promise<MarketSettings> {
    const { question, slug, ...settings } = input;
    if (question === undefined && slug !== undefined) throw errors.badRequest('slug can only be changed with question, when naming a placeholder');
    if (question !== undefined) {
      await namePlaceholder(this.d.db, conditionId, { question, slug }, this.d.now());
    }
    const m = await patchMarket(this.d.db, conditionId, settings, this.d.now());
    await this.d.exchange.syncMarket(m.condition_id);
    if (question !== undefined) this.d.onNamed?.(m.condition_id);
    return {
      ...m, condition_id: m.condition_id, active: m.active === 1, closed: m.closed === 1, archived: m.archived === 1,
      accepting_orders: m.accepting_orders === 1, enable_order_book: m.enable_order_book === 1,
      minimum_tick_size: num(m.minimum_tick_size), minimum_order_size: num(m.minimum_order_size),
      notifications_enabled: m.notifications_enabled === 1, is_50_50_outcome: m.is_50_50_outcome === 1, itode: m.itode === 1,
      check_enabled: m.check_enabled === 1, rfq_enabled: m.rfq_enabled === 1,
      rewards_min_size: num(m.rewards_min_size), rewards_max_spread: num(m.rewards_max_spread), rewards_daily_rate: num(m.rewards_daily_rate),
    };
  }

  private get negRiskAdapter(): string {
    return this.d.negRiskAdapter ?? DEFAULT_NEG_RISK_ADAPTER;
  }

  createComment(input: CommentInput): Promise<CreatedComment> {
    return createComment(this.d.db, input, this.d.now());
  }

  createProfile(input: ProfileInput): Promise<Profile> {
    return createProfile(this.d.db, input, this.d.now());
  }

  /** Credits collateral to a wallet (src/trading/deposits.ts): `POST /admin/deposit`. */
  deposit(address: string, amount: string): Promise<Deposited> {
    return this.d.deposits.credit(address, amount);
  }

  /**
   * Resolves a market — `winner` 0 or 1, or two `payouts` that add up to 1: trading stops, open
   * orders are cancelled (market resolved), positions become redeemable.
   */
  async resolve(conditionId: string, body: ResolveInput): Promise<Resolved> {
    if (!isConditionId(conditionId)) throw errors.badRequest('condition_id must be 0x followed by 64 lowercase hex digits');
    if (!this.d.exchange.core.market(conditionId)) throw errors.notFound('market not found');
    const payouts = payoutsOf(body);
    const r = await this.d.exchange.submit({ type: 'resolve', conditionId, payouts });
    if (!r.ok) throw new ApiError('bad_request', r.reject.message, { extra: { code: r.reject.code } });
    await audit(this.d.db, 'resolve', conditionId, { payouts }, this.d.now());
    // The event's stored answers show the market closed now (catalog/event-json.ts); if that
    // fails they stay cleared and readers build them from the rows.
    await rebuildEventOfMarket(this.d.db, conditionId).catch((err) => this.d.warn('stored event answers not rebuilt', err));
    const winner = payouts[0] > payouts[1] ? 0 : payouts[1] > payouts[0] ? 1 : null;
    return { condition_id: conditionId, payouts: payouts.map(formatMicro), winner };
  }

  exchangeMode(): ModeState {
    return { mode: this.d.exchange.mode };
  }

  async setExchangeMode(to: ModeState): Promise<ModeState> {
    await this.d.exchange.setMode(to.mode);
    return { mode: to.mode };
  }

  /** What this instance runs on, how much it holds, its writer lock, its cluster role and the last integrity check. */
  async status(): Promise<InstanceStatus> {
    const { db } = this.d;
    const { integrity } = this.d.exchange;
    const r = integrity.report;
    return {
      version: '0.1.0',
      store: this.d.dialect,
      uptimeSeconds: Math.floor((Date.now() - this.startedAt) / 1000),
      counts: { events: await countRows(db, 'events'), markets: await countRows(db, 'markets'), comments: await countRows(db, 'comments'), profiles: await countRows(db, 'profiles') },
      writer: { held: this.d.writerLock.held, ...this.d.writerLock.holder },
      integrity: {
        ok: r.ok, violations: r.violations, checkedAt: iso(r.checkedAt), checkMs: r.checkMs,
        acknowledgedAt: r.acknowledgedAt === null ? null : iso(r.acknowledgedAt), holding: integrity.holding,
      },
      signatures: this.d.signatures ?? { backend: 'js', fallbackReason: 'not given to the operator' },
      tokenIds: 'ctf',
      ...this.d.cluster.status(),
      demo: this.d.sandbox.status(),
    };
  }

  /** The operator's acknowledgement of a failed integrity check: new orders are accepted again. */
  acknowledgeIntegrity(): Acknowledged {
    const acknowledged = this.d.exchange.integrity.acknowledge(this.d.now());
    const { violations } = this.d.exchange.integrity.report;
    if (acknowledged) this.d.warn('integrity failure acknowledged by the operator: trading resumes on a database that breaks the ledger invariants', violations);
    return { acknowledged, violations };
  }

  /** Prometheus text; the gauges of the books are read now (O(markets), no cost on the order path). */
  metrics(): Promise<{ contentType: string; body: string }> {
    const levels = this.d.exchange.core.bookLevels();
    engineMetrics.bookLevels.set({ side: 'bid' }, levels.bid);
    engineMetrics.bookLevels.set({ side: 'ask' }, levels.ask);
    return renderMetrics();
  }

  /** Pauses or resumes the simulated traders, sets their rate (docs/sandbox.md). */
  setDemo(to: DemoInput): Promise<DemoState> {
    return this.d.sandbox.set(to);
  }

  /** The seeded demo state again (or, `wipe`, an empty venue), while serving. */
  async reset(confirm: string, wipe: boolean | undefined): Promise<ResetAnswer> {
    if (confirm !== 'reset') throw errors.badRequest('send {"confirm":"reset"} to reset the venue');
    const { sandbox } = this.d;
    const r = await sandbox.reset({ wipe, exchange: this.d.exchange });
    return { ...r, demo: sandbox.status() };
  }

  /** Also records a market's books on every trade (or stops to). */
  async setBookHistory(conditionId: string, everyTrade: boolean): Promise<BookHistorySetting> {
    const cid = conditionId.toLowerCase();
    if (!isConditionId(cid)) throw errors.badRequest('condition_id must be 0x followed by 64 hex digits');
    if (!this.d.exchange.core.market(cid)) throw errors.notFound('market not found');
    await setEveryTrade(this.d.db, cid, everyTrade, this.d.now());
    await this.d.bookHistory.loadMarkets();
    return { condition_id: cid, every_trade: everyTrade };
  }

  /** Links a signer to a funder wallet (signature types 1 and 2, docs/bots.md); idempotent. */
  async linkSigner(funder: string, signer: string): Promise<SignerLinks> {
    const f = funderOf(funder);
    const created = await this.d.signedOrders.link(f, signer, this.d.now());
    return { funder: f, signers: this.d.signedOrders.signersOf(f), created };
  }

  signersOf(funder: string): SignerLinks {
    const f = funderOf(funder);
    return { funder: f, signers: this.d.signedOrders.signersOf(f), created: false };
  }
}

/** The funder of a link, lower-case (as the links are kept); a 400 naming it when it is not an address. */
function funderOf(funder: string): string {
  if (!ADDRESS.test(funder)) throw errors.badRequest(`invalid funder address ${JSON.stringify(funder)}: expected 0x + 40 hex digits`);
  return funder.toLowerCase();
}

function payoutsOf(body: ResolveInput): [number, number] {
  if ((body.winner === undefined) === (body.payouts === undefined)) throw errors.badRequest('give exactly one of winner or payouts');
  if (body.winner !== undefined) return body.winner === 0 ? [MICRO, 0] : [0, MICRO];
  const p = body.payouts!.map((v) => parseMicro(String(v)));
  if (p.some((v) => v === null) || p[0]! + p[1]! !== MICRO) throw errors.badRequest('payouts must be two decimals from 0 to 1 that add up to 1');
  return [p[0]!, p[1]!];
}
