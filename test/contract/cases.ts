/**
 * The contract test's cases: one walk through the whole API on the demo data set, as a client
 * would make it. Every parameter comes from an earlier answer (slugs, ids, token ids, condition
 * ids, wallets), the trading part runs with real L1/L2-signed credentials, the operator part with
 * the operator token. Each call names the status it expects; the client checks every body.
 * A few error cases check the declared error shapes too.
 */
import { wallet } from '../auth/helpers.js';
import { orderBody, type Trader } from '../trading/kit.js';
import type { ContractClient, Signer } from './support.js';
import { walkVenueReads } from './venue-cases.js';

const enc = encodeURIComponent;

interface ListMarket {
  condition_id: string; market_slug: string; accepting_orders: boolean; closed: boolean; neg_risk: boolean;
  minimum_tick_size: number; minimum_order_size: number; tokens: Array<{ token_id: string; winner: boolean }>;
}

export async function walkTheApi(c: ContractClient): Promise<void> {
  // ── basics
  await c.call({ method: 'GET', url: '/', expect: 200 });
  await c.call({ method: 'GET', url: '/time', expect: 200 });
  await c.call({ method: 'GET', url: '/metrics', admin: true, expect: 200 });

  // ── order-book markets
  const list = (await c.call({ method: 'GET', url: '/markets', expect: 200 })).json as { data: ListMarket[]; next_cursor: string };
  const markets = list.data;
  if (list.next_cursor !== 'LTE=') await c.call({ method: 'GET', url: `/markets?next_cursor=${enc(list.next_cursor)}`, expect: 200 });
  const open = markets.filter((m) => m.accepting_orders && !m.closed && !m.neg_risk && m.tokens.length === 2);
  const resolved = markets.find((m) => m.tokens.some((t) => t.winner));
  if (open.length < 3 || !resolved) throw new Error('the demo data set has no open or no resolved markets');
  // The open market with the deepest book trades below; a second one is split, merged, resolved and redeemed.
  let market = open[0]!;
  let bestAsk: { price: string; size: string } | undefined;
  for (const m of open) {
    const book = (await c.call({ method: 'GET', url: `/book?token_id=${enc(m.tokens[0]!.token_id)}`, expect: 200 })).json as { asks: Array<{ price: string; size: string }> };
    if (book.asks.length > 0) { market = m; bestAsk = book.asks[book.asks.length - 1]; break; }
  }
  if (!bestAsk) throw new Error('no open demo market has asks');
  const other = open.find((m) => m !== market)!;
  const cid = market.condition_id;
  const [t0, t1] = market.tokens.map((t) => t.token_id) as [string, string];

  await c.call({ method: 'GET', url: '/sampling-markets', expect: 200 });
  await c.call({ method: 'GET', url: '/simplified-markets', expect: 200 });
  await c.call({ method: 'GET', url: '/sampling-simplified-markets', expect: 200 });
  await c.call({ method: 'GET', url: '/markets?next_cursor=LTE=', expect: 200 });
  await c.call({ method: 'GET', url: '/markets?next_cursor=not-a-cursor', expect: 400 });
  await c.call({ method: 'GET', url: `/markets/${cid}`, expect: 200 });
  await c.call({ method: 'GET', url: `/markets/${resolved.condition_id}`, expect: 200 });
  await c.call({ method: 'GET', url: `/markets/0x${'0'.repeat(64)}`, expect: 404 });
  await c.call({ method: 'GET', url: `/clob-markets/${cid}`, expect: 200 });

  // ── prices and books
  const tokens = [{ token_id: t0 }, { token_id: t1 }, { token_id: resolved.tokens[0]!.token_id }];
  await c.call({ method: 'GET', url: `/book?token_id=${enc(t1)}`, expect: 200 });
  await c.call({ method: 'GET', url: `/book?token_id=0x${'0'.repeat(64)}:0`, expect: 404 });
  await c.call({ method: 'POST', url: '/books', body: tokens, expect: 200 });
  await c.call({ method: 'POST', url: '/prices', body: tokens, expect: 200 });
  await c.call({ method: 'GET', url: `/price?token_id=${enc(t0)}&side=BUY`, expect: 200 });
  await c.call({ method: 'GET', url: `/midpoint?token_id=${enc(t0)}`, expect: 200 });
  await c.call({ method: 'POST', url: '/midpoints', body: tokens, expect: 200 });
  await c.call({ method: 'GET', url: `/spread?token_id=${enc(t0)}`, expect: 200 });
  await c.call({ method: 'POST', url: '/spreads', body: tokens, expect: 200 });
  await c.call({ method: 'GET', url: `/last-trade-price?token_id=${enc(t0)}`, expect: 200 });
  await c.call({ method: 'POST', url: '/last-trades-prices', body: tokens, expect: 200 });
  await c.call({ method: 'GET', url: `/tick-size?token_id=${enc(t0)}`, expect: 200 });
  await c.call({ method: 'GET', url: `/neg-risk?token_id=${enc(t0)}`, expect: 200 });
  // ── what trading bots ask before signing (docs/bots.md)
  await c.call({ method: 'GET', url: `/fee-rate?token_id=${enc(t0)}`, expect: 200 });
  await c.call({ method: 'GET', url: `/fee-rate?token_id=${'9'.repeat(70)}`, expect: 404 });
  await c.call({ method: 'GET', url: '/version', expect: 200 });
  await c.call({ method: 'GET', url: `/markets-by-token/${enc(t0)}`, expect: 200 });
  const nowS = Math.floor(Date.now() / 1000);
  await c.call({ method: 'GET', url: `/prices-history?market=${enc(t0)}&interval=max&fidelity=60`, expect: 200 });
  await c.call({ method: 'GET', url: `/prices-history?market=${enc(resolved.tokens[0]!.token_id)}&startTs=${nowS - 90 * 86_400}&endTs=${nowS}&fidelity=1440`, expect: 200 });
  await c.call({ method: 'POST', url: '/batch-prices-history', body: { markets: [t0, t1], interval: '1m', fidelity: 720 }, expect: 200 });
  await c.call({ method: 'GET', url: `/trades?market=${cid}`, expect: 200 });
  await c.call({ method: 'GET', url: '/trades', expect: 200 });

  // ── catalog
  const catalogMarket = (await c.call({ method: 'GET', url: `/markets/slug/${enc(market.market_slug)}`, expect: 200 })).json as { id: string; events: Array<{ slug: string; title: string }> };
  await c.call({ method: 'GET', url: '/markets/slug/no-such-market', expect: 404 });
  await c.call({ method: 'GET', url: `/markets/${catalogMarket.id}/tags`, expect: 200 });
  await c.call({ method: 'GET', url: `/markets/${cid}/tags`, expect: 200 });
  const eventSlug = catalogMarket.events[0]!.slug;
  const event = (await c.call({ method: 'GET', url: `/events/slug/${enc(eventSlug)}`, expect: 200 })).json as { id: string; tags: Array<{ slug: string }>; series: Array<{ slug: string }> };
  await c.call({ method: 'GET', url: '/events/slug/no-such-event', expect: 404 });
  await c.call({ method: 'GET', url: '/events?limit=50', expect: 200 });
  // Gamma's cursor-paged list (the /gamma mount only): a full page has a next_cursor, a bad cursor is a 400.
  const keyset = (await c.call({ method: 'GET', url: '/events/keyset?limit=2', expect: 200, mount: '/gamma' })).json as { next_cursor?: string } | undefined;
  if (keyset?.next_cursor !== undefined) await c.call({ method: 'GET', url: `/events/keyset?limit=2&after_cursor=${keyset.next_cursor}`, expect: 200, mount: '/gamma' });
  await c.call({ method: 'GET', url: '/events/keyset?after_cursor=nope', expect: 400, mount: '/gamma' });
  // Gamma routes without data in Sibyl (the venue's empty shapes, /gamma only).
  for (const url of ['/sports', '/teams?limit=5&offset=0', '/market-clarifications?market_id=1', '/sports/market-types']) await c.call({ method: 'GET', url, expect: 200, mount: '/gamma' });
  await c.call({ method: 'GET', url: `/events?tag=${enc(event.tags[0]?.slug ?? '')}&order=volume&closed=false`, expect: 200 });
  await c.call({ method: 'GET', url: '/events?closed=true&limit=100', expect: 200 });
  // Every event and every market of the data set, in each shape a route stores or builds.
  const events = ((await c.call({ method: 'GET', url: '/events?limit=100&offset=0', expect: 200 })).json as Array<{ slug: string }>);
  let seriesSlug: string | undefined;
  for (const e of events) {
    const detail = (await c.call({ method: 'GET', url: `/events/slug/${enc(e.slug)}`, expect: 200 })).json as { series: Array<{ slug: string }> };
    seriesSlug ??= detail.series[0]?.slug;
  }
  if (seriesSlug) await c.call({ method: 'GET', url: `/events?series_slug=${enc(seriesSlug)}`, expect: 200 });
  for (const m of markets) {
    await c.call({ method: 'GET', url: `/markets/slug/${enc(m.market_slug)}`, expect: 200 });
    await c.call({ method: 'GET', url: `/markets/${m.condition_id}`, expect: 200 });
    await c.call({ method: 'GET', url: `/clob-markets/${m.condition_id}`, expect: 200 });
  }
  const negRisk = markets.find((m) => m.neg_risk);
  if (negRisk) {
    await c.call({ method: 'GET', url: `/book?token_id=${enc(negRisk.tokens[0]!.token_id)}`, expect: 200 });
    await c.call({ method: 'GET', url: `/holders?market=${negRisk.condition_id}`, expect: 200 });
  }
  await c.call({ method: 'GET', url: '/events?limit=1000', expect: 400 });
  await c.call({ method: 'GET', url: '/events/creators', expect: 200 });
  await c.call({ method: 'GET', url: '/tags?limit=100', expect: 200 });
  const comments = (await c.call({ method: 'GET', url: '/comments?limit=20', expect: 200 })).json as Array<{ userAddress: string }>;
  await c.call({ method: 'GET', url: `/comments?parent_entity_type=Event&parent_entity_id=${event.id}&limit=100`, expect: 200 });
  await c.call({ method: 'GET', url: `/comments/user_address/${comments[0]!.userAddress}`, expect: 200 });
  await c.call({ method: 'GET', url: '/comments?limit=100&order=replyCount', expect: 200 });
  await c.call({ method: 'GET', url: `/comments?parent_entity_type=market&parent_entity_id=${catalogMarket.id}`, expect: 200 });
  await c.call({ method: 'GET', url: `/comments?parent_entity_type=Event&parent_entity_id=${event.id}&holders_only=true`, expect: 200 });
  const word = catalogMarket.events[0]!.title.split(/\W+/).find((w) => w.length > 3) ?? 'will';
  await c.call({ method: 'GET', url: `/public-search?q=${enc(word)}`, expect: 200 });
  await c.call({ method: 'GET', url: '/public-search', expect: 400 });

  // ── data API, for wallets that hold the markets
  const holders = (await c.call({ method: 'GET', url: `/holders?market=${cid},${resolved.condition_id}`, expect: 200 })).json as Array<{ holders: Array<{ proxyWallet: string }> }>;
  const holder = holders[0]!.holders[0]!.proxyWallet;
  await c.call({ method: 'GET', url: `/positions?user=${holder}`, expect: 200 });
  await c.call({ method: 'GET', url: `/positions?user=${holder}&sizeThreshold=0&sortBy=CASHPNL`, expect: 200 });
  const resolvedHolder = holders.at(-1)!.holders[0]?.proxyWallet ?? holder;
  await c.call({ method: 'GET', url: `/positions?user=${resolvedHolder}&redeemable=true`, expect: 200 });
  await c.call({ method: 'GET', url: `/activity?user=${holder}&limit=200`, expect: 200 });
  await c.call({ method: 'GET', url: `/activity?user=${holder}&type=SPLIT,MERGE,REDEEM,DEPOSIT`, expect: 200 });
  await c.call({ method: 'GET', url: `/positions?user=${holder}&bogus=1`, expect: 400 });
  await walkVenueReads(c, { cid, holder, eventId: event.id, eventSlug, marketId: catalogMarket.id, marketSlug: market.market_slug,
    tagSlug: event.tags[0]?.slug ?? 'none', commentUser: comments[0]!.userAddress });

  // ── credentials (L1)
  const alice = wallet();
  const aliceCreds = (await c.call({ method: 'POST', url: '/auth/api-key', l1: alice, expect: 200 })).json;
  await c.call({ method: 'GET', url: '/auth/derive-api-key', l1: alice, expect: 200 });
  await c.call({ method: 'POST', url: '/auth/api-key', l1: alice, expect: 400 });
  const a: Signer = { address: alice.address, creds: aliceCreds };
  const bobWallet = wallet();
  const b: Signer = { address: bobWallet.address, creds: (await c.call({ method: 'POST', url: '/auth/api-key', l1: bobWallet, expect: 200 })).json };
  await c.call({ method: 'GET', url: '/auth/api-keys', l2: a, expect: 200 });

  // ── operator: funds, then the trading walk
  await c.call({ method: 'POST', url: `/admin/wallets/${a.address}/deposit`, admin: true, body: { amount: '1000000000' }, expect: 200 });
  await c.call({ method: 'GET', url: '/balance-allowance?asset_type=COLLATERAL', l2: a, expect: 200 });
  await c.call({ method: 'GET', url: '/balance-allowance/update?asset_type=COLLATERAL', l2: a, expect: 200 });
  await c.call({ method: 'POST', url: `/admin/wallets/${bobWallet.address}/signers`, admin: true, body: { signer: a.address }, expect: 200 });
  await c.call({ method: 'GET', url: `/admin/wallets/${bobWallet.address}/signers`, admin: true, expect: 200 });
  // The relayer host (its own mount, src/routes/relayer): bob's wallet is linked (a Safe/proxy query), a bad address is a 400.
  await c.call({ method: 'GET', url: `/relayer/deployed?address=${bobWallet.address}`, expect: 200 });
  await c.call({ method: 'GET', url: `/relayer/deployed?address=${a.address}&type=WALLET`, expect: 200 });
  await c.call({ method: 'GET', url: '/relayer/deployed?address=0x12&type=WALLET', expect: 400 });
  await c.call({ method: 'POST', url: '/admin/wallets/not-an-address/signers', admin: true, body: { signer: a.address }, expect: 400 });
  // per-signer rate-limit tiers (docs/venue.md §13)
  await c.call({ method: 'GET', url: '/v1/user/rate-limit-tier', l2: a, expect: 200 });
  await c.call({ method: 'PUT', url: `/admin/wallets/${bobWallet.address}/rate-limit-tier`, admin: true, body: { tier: 'Gold' }, expect: 200 });
  await c.call({ method: 'PUT', url: '/admin/wallets/not-an-address/rate-limit-tier', admin: true, body: { tier: 'Gold' }, expect: 400 });
  await c.call({ method: 'DELETE', url: `/admin/wallets/${bobWallet.address}/rate-limit-tier`, admin: true, expect: 200 });
  await c.call({ method: 'DELETE', url: '/admin/wallets/not-an-address/rate-limit-tier', admin: true, expect: 400 });

  const trader = a as Trader;
  const size = String(Math.max(market.minimum_order_size, 5));
  const tick = String(market.minimum_tick_size);
  const resting = (await c.call({ method: 'POST', url: '/order', l2: a, body: orderBody(trader, t0, 'BUY', tick, size), expect: 200 })).json as { orderID: string };
  const taken = (await c.call({ method: 'POST', url: '/order', l2: a, builder: b, body: orderBody(trader, t0, 'BUY', bestAsk.price, size, { orderType: 'FAK' }), expect: 200 })).json as { orderID: string };
  await c.call({ method: 'POST', url: '/order', l2: a, body: orderBody(trader, t0, 'BUY', '1.5', size), expect: 400 });
  const batch = (await c.call({
    method: 'POST', url: '/orders', l2: a,
    body: [orderBody(trader, t0, 'BUY', tick, size), orderBody(trader, t1, 'BUY', tick, size), orderBody(trader, t0, 'BUY', '0.0001', size)],
    expect: 200,
  })).json as Array<{ orderID: string }>;
  await c.call({ method: 'GET', url: '/data/orders', l2: a, expect: 200 });
  await c.call({ method: 'GET', url: `/data/orders?market=${cid}&asset_id=${enc(t0)}&next_cursor=MA==`, l2: a, expect: 200 });
  await c.call({ method: 'GET', url: '/data/orders?next_cursor=', l2: a, expect: 200 });
  await c.call({ method: 'GET', url: `/data/order/${resting.orderID}`, l2: a, expect: 200 });
  await c.call({ method: 'GET', url: `/data/order/${taken.orderID}`, l2: a, expect: 200 });
  await c.call({ method: 'GET', url: '/data/trades', l2: a, expect: 200 });
  await c.call({ method: 'GET', url: `/data/trades?market=${cid}&maker=${a.address}&after=0`, l2: a, expect: 200 });
  await c.call({ method: 'GET', url: '/builder/trades', l2: b, expect: 200 });
  // The venue's account routes Sibyl has no data for: the venue's empty shapes, on /clob only.
  for (const url of ['/auth/ban-status/closed-only', '/notifications?signature_type=0', `/order-scoring?order_id=${resting.orderID}`,
    '/rewards/user?date=2026-01-02', '/rewards/user/total?date=2026-01-02', '/rewards/user/percentages', '/rewards/user/markets?date=2026-01-02&page_size=100']) {
    await c.call({ method: 'GET', url, l2: a, expect: 200, mount: '/clob' });
  }
  await c.call({ method: 'DELETE', url: '/notifications?ids=1,2', l2: a, expect: 200, mount: '/clob' });
  await c.call({ method: 'POST', url: '/auth/builder-api-key', l2: b, expect: 200, mount: '/clob' });
  await c.call({ method: 'GET', url: '/auth/builder-api-key', l2: b, expect: 200, mount: '/clob' });
  await c.call({ method: 'POST', url: '/orders-scoring', l2: a, body: [resting.orderID], expect: 200, mount: '/clob' });
  await c.call({ method: 'GET', url: '/rewards/user?date=yesterday', l2: a, expect: 400, mount: '/clob' });
  await c.call({ method: 'GET', url: '/rewards/markets/current', expect: 200, mount: '/clob' });
  await c.call({ method: 'GET', url: `/rewards/markets/${cid}`, expect: 200, mount: '/clob' });
  await c.call({ method: 'GET', url: `/balance-allowance?asset_type=CONDITIONAL&token_id=${enc(t0)}`, l2: a, expect: 200 });
  await c.call({ method: 'DELETE', url: '/order', l2: a, body: { orderID: resting.orderID }, expect: 200 });
  await c.call({ method: 'DELETE', url: '/orders', l2: a, body: [batch[0]!.orderID, 'no-such-order'], expect: 200 });
  await c.call({ method: 'DELETE', url: '/cancel-market-orders', l2: a, body: { asset_id: t1 }, expect: 200 });
  await c.call({ method: 'DELETE', url: '/cancel-all', l2: a, expect: 200 });
  await c.call({ method: 'GET', url: `/data/order/${resting.orderID}`, l2: a, expect: 200 });
  await c.call({ method: 'GET', url: `/activity?user=${holder}&side=BUY&sortBy=CASH&sortDirection=ASC`, expect: 200 });

  // ── the custodial ledger, down to a redemption
  await c.call({ method: 'POST', url: '/split', l2: a, body: { market: other.condition_id, amount: '10000000' }, expect: 200 });
  await c.call({ method: 'POST', url: '/merge', l2: a, body: { market: other.condition_id, amount: '4000000' }, expect: 200 });
  await c.call({ method: 'POST', url: `/admin/markets/${other.condition_id}/resolve`, admin: true, body: { winner: 0 }, expect: 200 });
  await c.call({ method: 'POST', url: '/redeem', l2: a, body: { market: other.condition_id }, expect: 200 });
  await c.call({ method: 'GET', url: `/positions?user=${a.address}&sizeThreshold=0`, expect: 200 });
  await c.call({ method: 'GET', url: `/activity?user=${a.address}`, expect: 200 });
  await c.call({ method: 'GET', url: `/holders?market=${other.condition_id}&minBalance=0`, expect: 200 });
  // a neg-risk conversion (docs/neg-risk.md)
  const conv = (await c.call({ method: 'POST', url: '/admin/events', admin: true, expect: 200, body: {
    slug: 'contract-neg-risk', title: 'Contract neg-risk', negRisk: true, negRiskFeeBips: 100,
    markets: [{ question: 'A wins?', slug: 'contract-nr-a' }, { question: 'B wins?', slug: 'contract-nr-b' }],
  } })).json as { markets: Array<{ conditionId: string }> };
  await c.call({ method: 'POST', url: '/split', l2: a, body: { market: conv.markets[0]!.conditionId, amount: '2000000' }, expect: 200 });
  const convMarket = (await c.call({ method: 'GET', url: `/markets/${conv.markets[0]!.conditionId}`, expect: 200 })).json as { neg_risk_market_id: string };
  await c.call({ method: 'POST', url: '/convert', l2: a, body: { market_id: convMarket.neg_risk_market_id, index_set: '1', amount: '2000000' }, expect: 200 });
  await c.call({ method: 'POST', url: '/convert', l2: a, body: { market_id: convMarket.neg_risk_market_id, index_set: '4', amount: '2000000' }, expect: 400 });

  // ── heartbeats (bob's switch; bob holds no orders)
  const beat = (await c.call({ method: 'POST', url: '/v1/heartbeats', l2: b, body: { heartbeat_id: null }, expect: 200 })).json as { heartbeat_id: string };
  await c.call({ method: 'POST', url: '/v1/heartbeats', l2: b, body: { heartbeat_id: beat.heartbeat_id }, expect: 200 });
  await c.call({ method: 'POST', url: '/v1/heartbeats', l2: b, body: { heartbeat_id: 'not-the-last-id' }, expect: 400 });
  await c.call({ method: 'POST', url: '/heartbeats', l2: b, expect: 200 });

  // ── operator routes
  await c.call({ method: 'GET', url: '/admin/status', admin: true, expect: 200 });
  await c.call({ method: 'POST', url: '/admin/integrity/acknowledge', admin: true, expect: 200 });
  await c.call({ method: 'GET', url: '/admin/exchange/mode', admin: true, expect: 200 });
  await c.call({ method: 'PUT', url: '/admin/exchange/mode', admin: true, body: { mode: 'normal' }, expect: 200 });
  // provoked faults (src/faults): a latency on a family this walk does not use, listed and ended
  const fault = (await c.call({ method: 'POST', url: '/admin/faults', admin: true, body: { kind: 'latency', ms: 1, families: ['data'], scope: { apiKey: 'contract-nobody' } }, expect: 200 })).json as { id: string };
  await c.call({ method: 'GET', url: '/admin/faults', admin: true, expect: 200 });
  await c.call({ method: 'GET', url: '/venue/faults', expect: 200 });
  await c.call({ method: 'DELETE', url: `/admin/faults/${fault.id}`, admin: true, expect: 200 });
  await c.call({ method: 'DELETE', url: '/admin/faults/fault-none', admin: true, expect: 404 });
  await c.call({ method: 'DELETE', url: '/admin/faults', admin: true, expect: 200 });
  // scenarios (src/faults/scenario.ts): one far in the future, read and stopped
  const scenario = (await c.call({ method: 'POST', url: '/admin/scenarios', admin: true, body: { name: 'contract', seed: 1, steps: [{ atS: 600, do: 'clear' }] }, expect: 200 })).json as { id: string };
  await c.call({ method: 'GET', url: `/admin/scenarios/${scenario.id}`, admin: true, expect: 200 });
  await c.call({ method: 'DELETE', url: `/admin/scenarios/${scenario.id}`, admin: true, expect: 200 });
  const slug = `contract-${Date.now()}`;
  const created = (await c.call({
    method: 'POST', url: '/admin/events', admin: true, expect: 200,
    body: { slug, title: 'Contract event', tags: [event.tags[0]?.slug ?? 'politics'], markets: [{ question: 'Does the contract hold?', slug: `${slug}-yes` }] },
  })).json as { markets: Array<{ conditionId: string }> };
  await c.call({ method: 'POST', url: '/admin/markets', admin: true, body: { eventSlug: slug, question: 'A second question?', slug: `${slug}-second` }, expect: 200 });
  await c.call({ method: 'PATCH', url: `/admin/markets/${created.markets[0]!.conditionId}`, admin: true, body: { minimum_tick_size: '0.001', rewards_daily_rate: 5 }, expect: 200 });
  // A market nobody has traded: empty book, no last trade, no history.
  const fresh = (await c.call({ method: 'GET', url: `/markets/${created.markets[0]!.conditionId}`, expect: 200 })).json as { tokens: Array<{ token_id: string }> };
  const ft = fresh.tokens[0]!.token_id;
  for (const url of [`/book?token_id=${enc(ft)}`, `/price?token_id=${enc(ft)}&side=SELL`, `/midpoint?token_id=${enc(ft)}`, `/spread?token_id=${enc(ft)}`,
    `/last-trade-price?token_id=${enc(ft)}`, `/tick-size?token_id=${enc(ft)}`, `/prices-history?market=${enc(ft)}&interval=1d`, `/trades?asset_id=${enc(ft)}`,
    `/holders?market=${created.markets[0]!.conditionId}`, `/comments?parent_entity_type=Event&parent_entity_id=1&limit=1`]) {
    await c.call({ method: 'GET', url, expect: 200 });
  }
  await c.call({ method: 'POST', url: '/prices', body: [{ token_id: ft }], expect: 200 });
  await c.call({ method: 'POST', url: '/last-trades-prices', body: [{ token_id: ft }], expect: 200 });
  await c.call({ method: 'GET', url: `/events/slug/${slug}`, expect: 200 });
  await c.call({ method: 'GET', url: `/events?slug=${slug}`, expect: 200 });
  await c.call({ method: 'GET', url: `/markets/slug/${slug}-second`, expect: 200 });
  await c.call({ method: 'GET', url: '/markets', expect: 200 });
  await c.call({ method: 'GET', url: '/simplified-markets', expect: 200 });
  await c.call({ method: 'GET', url: '/sampling-markets', expect: 200 });
  // A neg-risk event with a series, a site and a creator, all created with it.
  const nr = `${slug}-nr`;
  await c.call({
    method: 'POST', url: '/admin/events', admin: true, expect: 200,
    body: {
      slug: nr, title: 'Which one?', negRisk: true, startDate: '2026-01-01T00:00:00.000Z', endDate: '2027-01-01T00:00:00.000Z',
      series: [{ slug: `${nr}-series`, title: 'Contract series' }], sites: [{ id: 'contract-site', name: 'Contract site' }],
      creator: { creatorName: 'Contract', creatorHandle: 'contract' }, metadata: { source: 'contract test' },
      markets: [{ question: 'A?', slug: `${nr}-a`, outcomes: ['Yes', 'No'] }, { question: 'B?', slug: `${nr}-b` }],
    },
  });
  await c.call({ method: 'GET', url: `/events/slug/${nr}`, expect: 200 });
  await c.call({ method: 'GET', url: `/events?series_slug=${nr}-series`, expect: 200 });
  await c.call({ method: 'GET', url: '/events/creators?creator_handle=contract', expect: 200 });
  await c.call({ method: 'GET', url: `/markets/slug/${nr}-a`, expect: 200 });
  await c.call({ method: 'POST', url: '/admin/profiles', admin: true, body: { address: a.address, name: 'Contract', bio: 'checks bodies' }, expect: 200 });
  const root = (await c.call({ method: 'POST', url: '/admin/comments', admin: true, body: { body: 'Checked.', parentEntityType: 'Event', parentEntityID: Number(event.id), userAddress: a.address }, expect: 200 })).json as { id: string };
  await c.call({
    method: 'POST', url: '/admin/comments', admin: true, expect: 200,
    body: { body: 'Agreed.', parentEntityType: 'Event', parentEntityID: Number(event.id), parentCommentID: root.id, userAddress: b.address, reactions: [{ reactionType: 'HEART', userAddress: a.address }] },
  });
  await c.call({ method: 'GET', url: `/comments?parent_entity_type=Event&parent_entity_id=${event.id}&limit=5`, expect: 200 });
  await c.call({ method: 'GET', url: `/comments/user_address/${a.address}`, expect: 200 });

  // ── last: bob revokes his own key
  await c.call({ method: 'DELETE', url: '/auth/api-key', l2: b, expect: 200 });
  await c.call({ method: 'GET', url: '/auth/api-keys', l2: b, expect: 401 });

  // ── the living sandbox (docs/sandbox.md): book history, the simulated traders; a reset comes last (it empties the venue)
  await c.call({ method: 'PUT', url: `/admin/markets/${cid}/book-history`, admin: true, body: { every_trade: true }, expect: 200 });
  await new Promise((r) => setTimeout(r, 1100)); // the recorder writes its snapshots once a second
  await c.call({ method: 'GET', url: `/orderbook-history?asset_id=${enc(t0)}&limit=5`, expect: 200 });
  await c.call({ method: 'GET', url: '/orderbook-history?asset_id=nope', expect: 400 });
  await c.call({ method: 'PUT', url: '/admin/demo', admin: true, body: { live: false, rate: 5 }, expect: 200 });
  await c.call({ method: 'POST', url: '/admin/reset', admin: true, body: { confirm: 'reset', wipe: true }, expect: 200 });
}
