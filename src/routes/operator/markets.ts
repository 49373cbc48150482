/**
 * `POST /admin/markets` (add a market to an existing event) and
 * `PATCH /admin/markets/{condition_id}` (flags and order-book settings). Settings use the
 * order-book market's snake_case names; amounts (`minimum_tick_size`, `minimum_order_size`,
 * `rewards_*`) are decimals as JSON numbers or strings (`0.01` or `"0.01"`), fees integer bps.
 */
import { Type } from 'typebox';
import type { RouteModule } from '../../http/types.js';
import { MAX_FEE_BPS } from '../../domain/money.js';
import { NestedMarket, marketFields, EventSummary } from '../catalog/schemas.js';

const Amount = Type.Union([Type.String({ pattern: '^\\d+(\\.\\d+)?$' }), Type.Number({ minimum: 0 })]);
const Int = (max: number) => Type.Integer({ minimum: 0, maximum: max });
const Iso = Type.String({ format: 'date-time' });

export const settingsFields = {
  active: Type.Optional(Type.Boolean()), closed: Type.Optional(Type.Boolean()), archived: Type.Optional(Type.Boolean()),
  accepting_orders: Type.Optional(Type.Boolean()), enable_order_book: Type.Optional(Type.Boolean()),
  minimum_tick_size: Type.Optional(Amount), minimum_order_size: Type.Optional(Amount),
  maker_base_fee: Type.Optional(Int(MAX_FEE_BPS)), taker_base_fee: Type.Optional(Int(MAX_FEE_BPS)), seconds_delay: Type.Optional(Int(3600)),
  notifications_enabled: Type.Optional(Type.Boolean()), is_50_50_outcome: Type.Optional(Type.Boolean()), itode: Type.Optional(Type.Boolean()),
  taker_order_delay_ms: Type.Optional(Int(3_600_000)), order_age_seconds: Type.Optional(Int(86_400)),
  check_enabled: Type.Optional(Type.Boolean()), rfq_enabled: Type.Optional(Type.Boolean()),
  rewards_min_size: Type.Optional(Amount), rewards_max_spread: Type.Optional(Amount), rewards_daily_rate: Type.Optional(Amount),
  fpmm: Type.Optional(Type.String({ maxLength: 100 })), game_start_time: Type.Optional(Type.Union([Iso, Type.Null()])),
};

const Ref = Type.Union([Type.String({ minLength: 1, maxLength: 200 }), Type.Object({ slug: Type.String({ minLength: 1, maxLength: 200 }), label: Type.String({ minLength: 1, maxLength: 200 }) }, { additionalProperties: false })]);

export const marketInputFields = {
  question: Type.String({ minLength: 1, maxLength: 1000 }), slug: Type.String({ minLength: 1, maxLength: 300, pattern: '^[a-z0-9][a-z0-9-]*$' }),
  conditionId: Type.Optional(Type.String()), questionId: Type.Optional(Type.String()),
  description: Type.Optional(Type.String({ maxLength: 20_000 })), resolutionSource: Type.Optional(Type.String({ maxLength: 2000 })),
  startDate: Type.Optional(Iso), endDate: Type.Optional(Iso), image: Type.Optional(Type.String({ maxLength: 2000 })), icon: Type.Optional(Type.String({ maxLength: 2000 })),
  outcomes: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 100 }), { minItems: 2, maxItems: 2 })),
  tags: Type.Optional(Type.Array(Ref, { maxItems: 50 })),
  metadata: Type.Optional(Type.Object({}, { additionalProperties: true })),
  negRiskPlaceholder: Type.Optional(Type.Boolean({ description: 'an unnamed placeholder of an augmented neg-risk event: no orders until named (docs/neg-risk.md)' })),
  negRiskOther: Type.Optional(Type.Boolean({ description: "the augmented neg-risk event's Other: no orders until resolved" })),
  ...settingsFields,
};
export const MarketInput = Type.Object(marketInputFields, { additionalProperties: false });

/** A created market: the catalog shape plus its token ids as a plain array. */
export const CreatedMarket = Type.Object({ ...marketFields, tokenIds: Type.Array(Type.String()) });

const Settings = Type.Object({
  condition_id: Type.String(), active: Type.Boolean(), closed: Type.Boolean(), archived: Type.Boolean(),
  accepting_orders: Type.Boolean(), enable_order_book: Type.Boolean(), minimum_tick_size: Type.Number(), minimum_order_size: Type.Number(),
  maker_base_fee: Type.Number(), taker_base_fee: Type.Number(), seconds_delay: Type.Integer(), notifications_enabled: Type.Boolean(),
  is_50_50_outcome: Type.Boolean(), itode: Type.Boolean(), taker_order_delay_ms: Type.Number(), order_age_seconds: Type.Number(),
  check_enabled: Type.Boolean(), rfq_enabled: Type.Boolean(), rewards_min_size: Type.Number(), rewards_max_spread: Type.Number(),
  rewards_daily_rate: Type.Number(), fpmm: Type.String(),
});

const common = { tags: ['operator'], security: [{ operator: [] }] };

export const operatorMarkets: RouteModule = (app, { operator }) => {
  app.post('/markets', {
    schema: {
      ...common, summary: 'Add a market to an existing event',
      body: Type.Object({ eventSlug: Type.String({ minLength: 1 }), ...marketInputFields }, { additionalProperties: false }),
      response: { 200: Type.Object({ ...NestedMarket.properties, tokenIds: Type.Array(Type.String()), events: Type.Array(EventSummary) }) },
    },
    config: { family: 'admin' },
  }, async (req) => operator.addMarket(req.body));

  app.patch('/markets/:condition_id', {
    schema: {
      ...common, summary: "Change a market's flags and order-book settings",
      params: Type.Object({ condition_id: Type.String() }),
      body: Type.Object({
        ...settingsFields,
        question: Type.Optional(Type.String({ minLength: 1, maxLength: 1000, description: 'names a placeholder of an augmented neg-risk event (docs/neg-risk.md)' })),
        slug: Type.Optional(Type.String({ minLength: 1, maxLength: 300, pattern: '^[a-z0-9][a-z0-9-]*$', description: 'with question: the named market\'s new slug' })),
      }, { additionalProperties: false, minProperties: 1 }),
      response: { 200: Settings },
    },
    config: { family: 'admin' },
  }, async (req) => operator.patchMarket(req.params.condition_id, req.body));
};
