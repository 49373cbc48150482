/**
 * A scenario (issue #41): a JSON timeline of what happens to the venue, `POST /admin/scenarios`
 * or `sibyl scenario <file>`. Each step has its time from the start (`atS`) and what it does:
 * - `fault` — provoke `fault` (the body of `POST /admin/faults`);
 * - `clear` — end every fault;
 * - `resolve` — resolve `market` (condition id) with `winner` 0 or 1;
 * - `mode` — set the exchange mode (`normal`, `cancel-only`, `disabled`);
 * - `shock` — move the simulated traders' fair price of `market` by `by` (e.g. `0.1`, `-0.05`);
 * - `demo` — pause, resume or re-rate the simulated traders (`live`, `rate`).
 */
import { Type, type Static } from 'typebox';
import { FaultInput } from './schemas.js';

export const STEP_KINDS = ['fault', 'clear', 'resolve', 'mode', 'shock', 'demo'] as const;

export const ScenarioStep = Type.Object({
  atS: Type.Number({ minimum: 0, maximum: 604_800, description: 'seconds from the start' }),
  do: Type.Unsafe<(typeof STEP_KINDS)[number]>(Type.String({ enum: [...STEP_KINDS] })),
  fault: Type.Optional(FaultInput),
  market: Type.Optional(Type.String({ pattern: '^0x[0-9a-fA-F]{64}$', description: 'resolve, shock: a condition id' })),
  winner: Type.Optional(Type.Integer({ minimum: 0, maximum: 1 })),
  mode: Type.Optional(Type.Unsafe<'normal' | 'cancel-only' | 'disabled'>(Type.String({ enum: ['normal', 'cancel-only', 'disabled'] }))),
  by: Type.Optional(Type.Number({ minimum: -1, maximum: 1, description: 'shock: the move of the fair price (probability of outcome 0)' })),
  live: Type.Optional(Type.Boolean()),
  rate: Type.Optional(Type.Integer({ minimum: 0, maximum: 1000, description: 'demo: orders per second' })),
  note: Type.Optional(Type.String({ maxLength: 200 })),
}, { additionalProperties: false });
export type ScenarioStep = Static<typeof ScenarioStep>;

export const ScenarioInput = Type.Object({
  name: Type.Optional(Type.String({ maxLength: 100 })),
  seed: Type.Optional(Type.Integer({ description: 'the faults\' draws: the same seed, the same run (default 1)' })),
  steps: Type.Array(ScenarioStep, { minItems: 1, maxItems: 1000 }),
}, { additionalProperties: false });
export type ScenarioInput = Static<typeof ScenarioInput>;

export const ScenarioLogEntry = Type.Object({
  step: Type.Integer(), atS: Type.Number(), do: Type.String(), at: Type.String({ description: 'ISO 8601' }),
  ok: Type.Boolean(), result: Type.Optional(Type.Unknown()), error: Type.Optional(Type.String()),
});

export const ScenarioView = Type.Object({
  id: Type.String(),
  name: Type.Union([Type.String(), Type.Null()]),
  seed: Type.Integer(),
  status: Type.Unsafe<'running' | 'done' | 'stopped'>(Type.String({ enum: ['running', 'done', 'stopped'] })),
  startedAt: Type.String(),
  endsAt: Type.String({ description: 'the last step\'s time' }),
  steps: Type.Integer(),
  done: Type.Integer({ description: 'steps run so far' }),
  failed: Type.Integer({ description: 'steps that answered an error (the run goes on)' }),
  log: Type.Array(ScenarioLogEntry),
});
export type ScenarioView = Static<typeof ScenarioView>;
