/**
 * `POST /admin/markets` (add a market to an existing event) and
 * `PATCH /admin/markets/{condition_id}` (flags and order-book settings). Settings use the
 * order-book market's snake_case names; amounts (`minimum_tick_size`, `minimum_order_size`,
 * `rewards_*`) are decimals as JSON numbers or strings (`0.01` or `"0.01"`), fees integer bps.
 * The bodies and answers are src/operator/schemas.ts.
 */
import { Type } from 'typebox';
import type { RouteModule } from '../../app/services.js';
import { AddedMarket, AddMarketInput, MarketPatchInput, MarketSettings } from '../../operator/schemas.js';

const common = { tags: ['operator'], security: [{ operator: [] }] };

export const operatorMarkets: RouteModule = (app, { operator }) => {
  app.post('/markets', {
    schema: {
      ...common, summary: 'Add a market to an existing event',
      body: AddMarketInput, response: { 200: AddedMarket },
    },
    config: { family: 'admin' },
  }, async (req) => operator.addMarket(req.body));

  app.patch('/markets/:condition_id', {
    schema: {
      ...common, summary: "Change a market's flags and order-book settings",
      params: Type.Object({ condition_id: Type.String() }), body: MarketPatchInput, response: { 200: MarketSettings },
    },
    config: { family: 'admin' },
  }, async (req) => operator.patchMarket(req.params.condition_id, req.body));
};
