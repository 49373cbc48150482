/**
 * The operator's shapes for the venue and the instance — deposits, resolutions, the exchange
 * mode, the status and integrity acknowledgement, the living sandbox and the funder → signer
 * links — as TypeBox schemas: the `/admin` routes declare them and `Operator` takes its types
 * from them (`Static<>`). The catalog writes' shapes are in schemas.ts.
 */
import { Type, type Static } from 'typebox';

export const DepositInput = Type.Object({
  amount: Type.String({ pattern: '^[0-9]+$', description: 'an integer string of micro-units (6 decimals): "1000000" = 1 USDC' }),
}, { additionalProperties: false });

/** A wallet's collateral after a deposit, in decimals. */
export const Deposited = Type.Object({
  wallet: Type.String(),
  asset: Type.String(),
  balance: Type.String({ description: 'decimal' }),
  free: Type.String({ description: 'decimal' }),
});
export type Deposited = Static<typeof Deposited>;

/** `POST /admin/markets/{condition_id}/resolve`: exactly one of `winner` and `payouts`. */
export const ResolveInput = Type.Object({
  winner: Type.Optional(Type.Integer({ minimum: 0, maximum: 1 })),
  payouts: Type.Optional(Type.Array(Type.Union([Type.String({ maxLength: 20 }), Type.Number()]), { minItems: 2, maxItems: 2 })),
}, { additionalProperties: false });
export type ResolveInput = Static<typeof ResolveInput>;

export const Resolved = Type.Object({
  condition_id: Type.String(),
  payouts: Type.Array(Type.String()),
  winner: Type.Union([Type.Integer(), Type.Null()]),
});
export type Resolved = Static<typeof Resolved>;

/** The exchange mode, read and set (`GET|PUT /admin/exchange/mode`). */
export const ModeState = Type.Object({ mode: Type.Union([Type.Literal('normal'), Type.Literal('cancel-only'), Type.Literal('disabled')]) }, { additionalProperties: false });
export type ModeState = Static<typeof ModeState>;

/** The simulated traders (docs/sandbox.md). */
export const DemoState = Type.Object({
  live: Type.Boolean({ description: 'the simulated traders run' }),
  rate: Type.Integer({ description: 'simulated orders per second across the venue' }),
});
export type DemoState = Static<typeof DemoState>;

export const DemoInput = Type.Object({
  live: Type.Optional(Type.Boolean()),
  rate: Type.Optional(Type.Integer({ minimum: 0, maximum: 1000 })),
}, { additionalProperties: false });
export type DemoInput = Static<typeof DemoInput>;

export const ResetInput = Type.Object({
  confirm: Type.String({ description: 'must be "reset"' }),
  wipe: Type.Optional(Type.Boolean({ description: 'empty the venue instead (a database without the demo data set)' })),
}, { additionalProperties: false });

export const ResetAnswer = Type.Object({
  reset: Type.Union([Type.Literal('demo'), Type.Literal('empty')]),
  tables: Type.Integer({ description: 'tables replaced' }),
  ms: Type.Integer(),
  demo: DemoState,
});
export type ResetAnswer = Static<typeof ResetAnswer>;

export const BookHistoryInput = Type.Object({ every_trade: Type.Boolean() }, { additionalProperties: false });
export const BookHistorySetting = Type.Object({ condition_id: Type.String(), every_trade: Type.Boolean() });
export type BookHistorySetting = Static<typeof BookHistorySetting>;

export const SignerInput = Type.Object({
  signer: Type.String({ pattern: '^0x[0-9a-fA-F]{40}$', description: 'a 0x-prefixed 20-byte hex address' }),
}, { additionalProperties: false });

export const SignerLinks = Type.Object({
  funder: Type.String(), signers: Type.Array(Type.String(), { description: 'lower-case addresses allowed to sign for the funder' }),
  created: Type.Boolean({ description: 'whether this call added the link' }),
});
export type SignerLinks = Static<typeof SignerLinks>;

const Integrity = Type.Object({
  ok: Type.Boolean(),
  violations: Type.Array(Type.String(), { description: 'broken ledger invariants (up to 20)' }),
  checkedAt: Type.String({ description: 'ISO time of the last check (on the last rebuild of the exchange)' }),
  checkMs: Type.Number(),
  acknowledgedAt: Type.Union([Type.String(), Type.Null()]),
  holding: Type.Boolean({ description: 'new orders and ledger operations are refused until the operator acknowledges' }),
});

/** `GET /admin/status`: what this instance runs on, holds and follows, and its last integrity check. */
export const InstanceStatus = Type.Object({
  version: Type.String(),
  store: Type.Union([Type.Literal('sqlite'), Type.Literal('postgres')]),
  uptimeSeconds: Type.Integer(),
  counts: Type.Object({ events: Type.Integer(), markets: Type.Integer(), comments: Type.Integer(), profiles: Type.Integer() }),
  writer: Type.Object({
    held: Type.Boolean({ description: 'this process holds the database\'s writer lock (one process per database)' }),
    host: Type.String(), pid: Type.Integer(), since: Type.String(),
  }),
  integrity: Integrity,
  role: Type.Union([Type.Literal('writer'), Type.Literal('follower')], { description: 'cluster role (docs/deployment.md): the writer trades, followers forward writes and follow' }),
  epoch: Type.Integer({ description: 'the writer epoch: bumped on every takeover, only grows (0 on SQLite)' }),
  writerUrl: Type.Union([Type.String(), Type.Null()], { description: 'the writer\'s advertise URL (this instance\'s own on the writer)' }),
  followLagMs: Type.Integer({ description: 'follower: the last followed batch\'s time from the writer\'s commit to this instance (0 on the writer)' }),
  rebuildMs: Type.Integer({ description: 'the last rebuild of the exchange from the database (ms), or the last takeover\'s journal replay' }),
  follow: Type.Object({
    replayed: Type.Integer({ description: 'follower: committed batches replayed from the writer\'s journal since it started following' }),
    filled: Type.Integer({ description: 'of them, read from the journal table (missed by the Redis stream)' }),
    mismatches: Type.Integer({ description: 'replays whose digest differed from the writer\'s (each repaired by a restore; should stay 0)' }),
    restores: Type.Integer({ description: 'restores from the database while following (1 at the start)' }),
  }, { description: 'following by replay (docs/scaling.md); zeros on the writer' }),
  signatures: Type.Object({
    backend: Type.Union([Type.Literal('native'), Type.Literal('js')], { description: 'secp256k1 recovery of order and L1 signatures: libsecp256k1 (native) or @noble/curves (js)' }),
    fallbackReason: Type.Union([Type.String(), Type.Null()], { description: 'why the native binding is not used (SIBYL_NATIVE_SECP256K1=0, or it did not load)' }),
  }),
  tokenIds: Type.Literal('ctf', { description: 'the token ids shown: always the Conditional Tokens position ids (docs/bots.md)' }),
  demo: DemoState,
});
export type InstanceStatus = Static<typeof InstanceStatus>;

export const Acknowledged = Type.Object({ acknowledged: Type.Boolean(), violations: Type.Array(Type.String()) });
export type Acknowledged = Static<typeof Acknowledged>;
