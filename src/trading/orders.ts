/**
 * Order entry and cancels for an authenticated account: the use cases behind `POST /order`,
 * `POST /orders`, `DELETE /order(s)`, `DELETE /cancel-all` and `DELETE /cancel-market-orders`.
 * Every command goes through the durable exchange (acknowledged after its commit); the mode
 * gate refuses writes the operator has switched off.
 */
import type { CommandBody } from '../core/index.js';
import type { ExchangeService } from '../exchange/service.js';
import { engineMetrics } from '../metrics/index.js';
import { placed, rejected, type OrderResponse } from './responses.js';
import { isInputReject, toOrderCommand, type AuthIdentity, type InputReject, type OrderBody } from './order-input.js';
import type { CancelAnswer } from './wire.js';
import { resolveToken, tokenKey } from '../domain/ids.js';
import type { Prepared, SignedOrderGate } from './signed/gate.js';
import { ApiError } from '../errors/catalogue.js';

const isRefusal = (p: Prepared | InputReject): p is InputReject => 'code' in p;

export const MAX_BATCH_ORDERS = 15;
export const MAX_CANCEL_IDS = 1000;
/** The venue's shortest GTD lifetime: an expiration sooner than now + 60 s is `invalid expiration`. */
export const MIN_GTD_LIFETIME_S = 60;
/** A batch entry that failed for a reason of the service's own (logged): the venue's execution-failure text. */
export const EXECUTION_FAILED = 'could not run the execution';
/** Recorded on every order the dead-man's switch cancels (visible in the order's history). */
export const HEARTBEAT_CANCEL_REASON = "heartbeat expired (dead-man's switch)";

export type { CancelAnswer } from './wire.js';

function counted(r: OrderResponse): OrderResponse {
  engineMetrics.orders.inc({ result: r.success ? 'accepted' : 'rejected' });
  return r;
}

export interface OrderDeskOptions {
  /** The service's clock (ms): GTD expirations are checked against it. */
  now?: () => number;
  /** An unexpected failure of one batch entry (the entry answers `execution_failed`). */
  onError?: (err: unknown) => void;
  /**
   * The other wallets an API key's holder trades for: its deposit wallets (signature type 3,
   * src/trading/signed/deposit-wallets.ts), whose orders its cancels reach too.
   */
  walletsOf?: (address: string) => readonly string[];
}

export class OrderDesk {
  private readonly now: () => number;
  private readonly onError: (err: unknown) => void;
  private readonly walletsOf: (address: string) => readonly string[];

  constructor(private readonly exchange: ExchangeService, private readonly signed?: SignedOrderGate, opts: OrderDeskOptions = {}) {
    this.now = opts.now ?? Date.now;
    this.onError = opts.onError ?? (() => {});
    this.walletsOf = opts.walletsOf ?? (() => []);
  }

  /** Submits a cancel for each wallet (the key holder's own first, then its deposit wallets), one answer. */
  private async cancelEach(wallets: readonly string[], cancel: (wallet: string) => CommandBody & { type: 'cancel' | 'cancel-all' | 'cancel-market' }): Promise<CancelAnswer> {
    const answer: CancelAnswer = { canceled: [], not_canceled: {} };
    for (const wallet of wallets) {
      const r = await this.exchange.submit(cancel(wallet));
      answer.canceled.push(...r.canceled);
      Object.assign(answer.not_canceled, r.notCanceled);
    }
    return answer;
  }

  private walletsOfKey(address: string): string[] { return [address, ...this.walletsOf(address)]; }

  private tokenOf = (text: string): { tokenId: string; tick: number } | undefined => {
    const core = this.exchange.core;
    const t = resolveToken(core, text);
    const m = t && core.market(t.conditionId);
    return m && { tokenId: t!.tokenId, tick: m.tickSize };
  };

  /** Places one order; a rejection is an answer (success: false), not an exception. */
  async place(who: AuthIdentity, body: OrderBody, builder?: string): Promise<OrderResponse> {
    this.exchange.assertWritable('order');
    if (this.signed === undefined) return this.placeChecked(who, { body }, builder);
    const prep = await this.signed.prepare(body, who); // token id, signature, replay: before the queue
    if (isRefusal(prep)) return counted(rejected(prep));
    return this.placeChecked(who, prep, builder);
  }

  /**
   * Places up to 15 orders, answering one response per order in request order. Each entry is
   * judged alone: an entry that fails (even for a reason of the service's own) answers its own
   * rejection and never fails the others; a replay claim is kept only for an order placed.
   */
  async placeMany(who: AuthIdentity, bodies: OrderBody[], builder?: string): Promise<OrderResponse[]> {
    this.exchange.assertWritable('order');
    const signed = this.signed;
    const preps = await Promise.all(bodies.map(async (body): Promise<Prepared | InputReject> => {
      try {
        return signed === undefined ? { body } : await signed.prepare(body, who);
      } catch (err) {
        return this.failed(err);
      }
    }));
    // Issued in one tick, the orders share one transaction (group commit) and keep their order.
    return Promise.all(preps.map((p) => (isRefusal(p)
      ? Promise.resolve(counted(rejected(p)))
      : this.placeChecked(who, p, builder).catch((err: unknown) => counted(rejected(this.failed(err)))))));
  }

  /** One batch entry's failure as its answer: an API error keeps its code and text; anything else is logged. */
  private failed(err: unknown): InputReject {
    if (err instanceof ApiError) return { code: err.code, message: err.message };
    this.onError(err);
    return { code: 'execution_failed', message: EXECUTION_FAILED };
  }

  private async placeChecked(who: AuthIdentity, prep: Prepared, builder?: string): Promise<OrderResponse> {
    let accepted: OrderResponse | undefined;
    try {
      const cmd = toOrderCommand(prep.body, who, this.tokenOf, builder, prep.funder);
      if (isInputReject(cmd)) return counted(rejected(cmd));
      const soonest = Math.floor(this.now() / 1000) + MIN_GTD_LIFETIME_S;
      if (cmd.type === 'GTD' && cmd.expiration !== undefined && cmd.expiration < soonest) {
        return counted(rejected({ code: 'invalid_expiration', message: 'invalid expiration', field: 'expiration', expiration: cmd.expiration, minExpiration: soonest }));
      }
      const r = placed(await this.exchange.submit({ type: 'place', order: cmd }));
      if (r.success) accepted = r;
      return counted(r);
    } finally {
      if (prep.claim !== undefined && this.signed !== undefined) {
        await this.signed.store.settle(prep.claim.hash, accepted ? accepted.orderID : null);
      }
    }
  }

  async cancel(who: AuthIdentity, ids: string[]): Promise<CancelAnswer> {
    this.exchange.assertWritable('cancel');
    const unique = [...new Set(ids)];
    // An order of one of the holder's deposit wallets is cancelled as that wallet's; any other id is judged as the key's own.
    const others = new Set(this.walletsOf(who.address));
    const groups = new Map<string, string[]>([[who.address, []]]);
    for (const id of unique) {
      const w = this.exchange.core.order(id)?.wallet;
      const wallet = w !== undefined && others.has(w) ? w : who.address;
      (groups.get(wallet) ?? groups.set(wallet, []).get(wallet)!).push(id);
    }
    if (groups.get(who.address)!.length === 0 && groups.size > 1) groups.delete(who.address);
    return this.cancelEach([...groups.keys()], (wallet) => ({ type: 'cancel', wallet, orderIds: groups.get(wallet)! }));
  }

  async cancelAll(who: AuthIdentity): Promise<CancelAnswer> {
    this.exchange.assertWritable('cancel');
    return this.cancelEach(this.walletsOfKey(who.address), (wallet) => ({ type: 'cancel-all', wallet }));
  }

  async cancelMarket(who: AuthIdentity, market?: string, assetId?: string): Promise<CancelAnswer> {
    this.exchange.assertWritable('cancel');
    const asset = tokenKey(this.exchange.core, assetId); // either form of a token id
    return this.cancelEach(this.walletsOfKey(who.address), (wallet) => ({ type: 'cancel-market', wallet, conditionId: market, asset }));
  }

  /** The dead-man's switch: cancels every open order of an address (and of its deposit wallets), with the reason recorded. */
  async cancelAllFor(address: string, reason: string): Promise<CancelAnswer> {
    return this.cancelEach(this.walletsOfKey(address), (wallet) => ({ type: 'cancel-all', wallet, reason }));
  }
}
