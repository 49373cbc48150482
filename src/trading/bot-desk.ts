/**
 * The lookups unmodified trading bots make around their orders (docs/bots.md, routes in
 * src/routes/bots): a token's market taker fee (`GET /fee-rate`, V1 orders sign it) and a
 * token's market (`GET /markets-by-token/{id}`, clob-client-v2 before a market order). Both read
 * the exchange's live markets; a token whose market has no book is the real 404.
 */
import { Type, type Static } from 'typebox';
import type { ExchangeService } from '../exchange/service.js';
import { bookToken } from '../marketdata/tokens.js';

export const FeeRate = Type.Object({ base_fee: Type.Integer() });
export type FeeRate = Static<typeof FeeRate>;

export const TokenMarket = Type.Object({ condition_id: Type.String(), primary_token_id: Type.String(), secondary_token_id: Type.String() });
export type TokenMarket = Static<typeof TokenMarket>;

export class BotDesk {
  constructor(private readonly exchange: ExchangeService) {}

  /** The taker base fee (bps) of the token's market: V1 orders sign it as `feeRateBps`. */
  feeRate(tokenId: string): FeeRate {
    const core = this.exchange.core;
    const m = core.market(bookToken(core, tokenId).conditionId)!;
    return { base_fee: m.takerBaseFeeBps };
  }

  /** The token's market and both its tokens. */
  marketOf(tokenId: string): TokenMarket {
    const core = this.exchange.core;
    const t = bookToken(core, tokenId);
    const [primary, secondary] = core.tokenIds(t.conditionId)!;
    return { condition_id: t.conditionId, primary_token_id: primary, secondary_token_id: secondary };
  }
}
