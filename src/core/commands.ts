/**
 * Commands as data: everything that changes the exchange is one of these plain objects, built by
 * a use case (src/trading, src/operator, src/heartbeats, …), stamped by the exchange's queue with
 * its time and an id seed, applied by `ExchangeCore.apply` (its one dispatch by `type`) and journaled with the batch it
 * committed in. A follower applies the same commands to its own core and gets the same state
 * (src/cluster/README.md): `apply` is a pure function of the core's state and the command —
 * time is the command's `at`, ids come from its `seed` (ids.ts `commandIds`), nothing else is read.
 * A command is JSON as it is (the journal stores it so), so no field is a bigint or a Map.
 */
import type { CancelResult, Effects, MarketSettings, OpResult, OrderCommand, PlaceResult } from './types.js';

/** What a use case hands to the exchange. */
export type CommandBody =
  | { type: 'place'; order: OrderCommand }
  | { type: 'cancel'; wallet: string; orderIds: string[]; reason?: string }
  | { type: 'cancel-all'; wallet: string; reason?: string }
  | { type: 'cancel-market'; wallet: string; conditionId?: string; asset?: string; reason?: string }
  | { type: 'deposit' | 'withdraw'; wallet: string; amount: number }
  | { type: 'split' | 'merge'; wallet: string; conditionId: string; amount: number }
  | { type: 'redeem'; wallet: string; conditionId: string }
  /** Neg-risk conversion; `indexSet` as a decimal string (JSON has no bigint). */
  | { type: 'convert'; wallet: string; marketId: string; indexSet: string; amount: number }
  | { type: 'resolve'; conditionId: string; payouts: [number, number] }
  /** Creates the market in the core, or updates its settings (the catalog row is their source). */
  | { type: 'settings'; market: MarketSettings }
  /** Cancels the GTD orders due at the command's time. */
  | { type: 'expire' };

/** A command as applied and journaled: its time (ms) and the seed its ids are made from. */
export type Command = CommandBody & { at: number; seed: string };

export type CommandType = CommandBody['type'];

/** What applying each kind of command answers. */
export interface ResultOf {
  place: PlaceResult;
  cancel: CancelResult;
  'cancel-all': CancelResult;
  'cancel-market': CancelResult;
  deposit: OpResult;
  withdraw: OpResult;
  split: OpResult;
  merge: OpResult;
  redeem: OpResult;
  convert: OpResult;
  resolve: OpResult;
  settings: OpResult;
  expire: { expired: string[]; effects: Effects };
}

export type CommandResult = ResultOf[CommandType];
