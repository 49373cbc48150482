/**
 * The operator's shapes for provoked faults (`/admin/faults`, issue #41): the input of
 * `POST /admin/faults` and the view every fault route answers with. The routes declare them and
 * `Faults` takes its types from them (`Static<>`).
 */
import { Type, type Static } from 'typebox';

export const FAULT_KINDS = [
  'engine_restart', 'post_only', 'cancel_only', 'trading_disabled', 'execution_error',
  'lost_answer', 'latency', 'stream_freeze', 'stream_drop',
] as const;
export type FaultKind = (typeof FAULT_KINDS)[number];

/** The route families `latency` may slow (src/http/families.ts). */
export const LATENCY_FAMILIES = ['clob', 'catalog', 'data', 'basic'] as const;

const Address = Type.String({ pattern: '^0x[0-9a-fA-F]{40}$', description: 'a wallet address' });

export const FaultScope = Type.Object({
  wallet: Type.Optional(Address),
  apiKey: Type.Optional(Type.String({ minLength: 1, maxLength: 64, description: 'an API key' })),
}, { additionalProperties: false, description: 'exactly one of wallet or apiKey; absent = the whole venue' });
export type FaultScope = Static<typeof FaultScope>;

export const FaultInput = Type.Object({
  kind: Type.Unsafe<FaultKind>(Type.String({ enum: [...FAULT_KINDS], description: 'the failure to provoke (docs/venue.md §12)' })),
  scope: Type.Optional(FaultScope),
  durationS: Type.Optional(Type.Number({ minimum: 0, maximum: 604_800, description: 'seconds; engine_restart 90 by default, post_only 120; absent = until ended' })),
  postOnlyS: Type.Optional(Type.Number({ minimum: 0, maximum: 86_400, description: 'engine_restart: the post-only window after it (default 120)' })),
  rate: Type.Optional(Type.Number({ minimum: 0, maximum: 1, description: 'execution_error, lost_answer: the share of orders hit (default 1)' })),
  ms: Type.Optional(Type.Integer({ minimum: 0, maximum: 60_000, description: 'latency: added milliseconds' })),
  jitterMs: Type.Optional(Type.Integer({ minimum: 0, maximum: 60_000, description: 'latency: ± this much, uniformly' })),
  families: Type.Optional(Type.Array(Type.Unsafe<(typeof LATENCY_FAMILIES)[number]>(Type.String({ enum: [...LATENCY_FAMILIES] })), { minItems: 1, maxItems: 4, description: 'latency: route families (default clob)' })),
  assets: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 100 }), { minItems: 1, maxItems: 500, description: 'stream_freeze, stream_drop: market sockets holding one of these tokens' })),
  seed: Type.Optional(Type.Union([Type.Integer(), Type.String({ maxLength: 100 })], { description: 'the draws of rate and jitter (default: derived from the fault id)' })),
}, { additionalProperties: false });
export type FaultInput = Static<typeof FaultInput>;

export const FaultView = Type.Object({
  id: Type.String(),
  kind: Type.String(),
  scope: Type.Optional(FaultScope),
  startsAt: Type.String({ description: 'ISO 8601' }),
  endsAt: Type.Union([Type.String(), Type.Null()], { description: 'ISO 8601; null = until ended' }),
  rate: Type.Optional(Type.Number()),
  ms: Type.Optional(Type.Integer()),
  jitterMs: Type.Optional(Type.Integer()),
  families: Type.Optional(Type.Array(Type.String())),
  assets: Type.Optional(Type.Array(Type.String())),
  postOnlyS: Type.Optional(Type.Number()),
  seed: Type.Optional(Type.Union([Type.Integer(), Type.String()])),
  cause: Type.Optional(Type.String({ description: 'post_only that an engine_restart entered by itself: that fault\'s id' })),
});
export type FaultView = Static<typeof FaultView>;

export const FaultList = Type.Object({ faults: Type.Array(FaultView) });
export const FaultsEnded = Type.Object({ ended: Type.Integer() });
