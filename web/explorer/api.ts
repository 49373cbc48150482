/** The public HTTP API, read with fetch: every call answers JSON or throws an ApiError carrying the service's message. */
export class ApiError extends Error {
  constructor(readonly status: number, message: string) { super(message); }
}

export async function get<T>(path: string, signal?: AbortSignal): Promise<T> {
  let res: Response;
  try {
    res = await fetch(path, { headers: { accept: 'application/json' }, signal });
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    throw new ApiError(0, `the service did not answer ${path.split('?')[0]} (${(err as Error).message})`);
  }
  const text = await res.text();
  let body: unknown;
  try { body = JSON.parse(text); } catch { body = text; }
  if (!res.ok) {
    const msg = typeof body === 'object' && body !== null && 'error' in body ? String((body as { error: unknown }).error) : text.slice(0, 200);
    throw new ApiError(res.status, msg);
  }
  return body as T;
}

export function post<T>(path: string, body: unknown, signal?: AbortSignal): Promise<T> {
  return fetch(path, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json' }, body: JSON.stringify(body), signal })
    .then(async (r) => { if (!r.ok) throw new ApiError(r.status, await r.text()); return r.json() as Promise<T>; });
}

export interface Tag { id: string; label: string; slug: string }
export interface CatalogMarket { id: string; question: string; conditionId: string; slug: string; outcomes: string; clobTokenIds: string; active: boolean; closed: boolean; groupItemTitle?: string }
export interface CatalogEvent { id: string; slug: string; title: string; active: boolean; closed: boolean; archived: boolean; endDate?: string | null; tags?: Tag[]; markets?: CatalogMarket[] }
export interface Token { token_id: string; outcome: string; price: number; winner: boolean }
export interface ClobMarket {
  condition_id: string; question: string; market_slug: string; active: boolean; closed: boolean; accepting_orders: boolean;
  neg_risk: boolean; minimum_tick_size: number; minimum_order_size: number; tokens: Token[]; tags: string[];
  market_id?: number; end_date_iso: string; event?: { id: string; slug: string; title: string };
}
export interface VenueFaults { faults: Array<{ kind: string; startsAt: string; endsAt: string | null; assets?: string[] }>; scoped: number }
export interface Envelope<T> { data: T[]; next_cursor: string; count: number; limit: number }
export interface Level { price: string; size: string }
export interface BookSnapshot { market: string; asset_id: string; timestamp: string; hash: string; bids: Level[]; asks: Level[]; tick_size: string; min_order_size: string; neg_risk: boolean; last_trade_price: string }
export interface Trade { id: string; side: string; size: string; price: string; match_time: string; outcome: string; asset_id: string; maker_address: string }
export interface Holder { proxyWallet: string; pseudonym: string; name: string; amount: number; outcomeIndex: number }
export interface HolderGroup { token: string; holders: Holder[] }
export interface Comment { id: string; body: string; createdAt: string; userAddress: string; replyCount: number; profile: { name: string; pseudonym: string } }
export interface Position {
  asset: string; conditionId: string; size: number; avgPrice: number; curPrice: number; currentValue: number; initialValue: number;
  cashPnl: number; percentPnl: number; realizedPnl: number; title: string; outcome: string; redeemable: boolean; negativeRisk: boolean
}
export interface Activity { timestamp: number; conditionId: string; type: string; side: string; size: number; usdcSize: number; price: number; title: string; outcome: string }

/** Every order-book market (all cursor pages), by condition id. */
export async function allClobMarkets(signal?: AbortSignal): Promise<Map<string, ClobMarket>> {
  const out = new Map<string, ClobMarket>();
  let cursor = 'MA==';
  for (let i = 0; i < 50 && cursor !== 'LTE=' && cursor !== ''; i++) {
    const page = await get<Envelope<ClobMarket>>(`/markets?next_cursor=${encodeURIComponent(cursor)}`, signal);
    for (const m of page.data) out.set(m.condition_id, m);
    cursor = page.next_cursor;
  }
  return out;
}

export function parseList(s: string | undefined): string[] {
  try { const v = JSON.parse(s ?? '[]'); return Array.isArray(v) ? v.map(String) : []; } catch { return []; }
}
