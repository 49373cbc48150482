/**
 * An unmodified `@polymarket/clob-client` 5.8.1 bot trading on Sibyl (docs/bots.md). The only
 * lines that differ from a bot for the real venue are the host, the chain id and where the
 * credentials come from (createOrDeriveApiKey against Sibyl).
 *
 *   SIBYL_ADMIN_TOKEN=0123456789abcdef0123 npm start    # in another terminal
 *   SIBYL_URL=http://127.0.0.1:8080 SIBYL_ADMIN_TOKEN=0123456789abcdef0123 npx tsx examples/bots/trade.ts
 *
 * PRIVATE_KEY (0x + 64 hex) picks the wallet (a new one otherwise). With SIBYL_ADMIN_TOKEN the
 * script funds the wallet through the operator API (a sandbox's faucet); without it, fund it
 * yourself (`POST /admin/wallets/{address}/deposit`).
 */
import { ClobClient, OrderType, Side, AssetType } from '@polymarket/clob-client';
import { createWalletClient, http, type Hex } from 'viem';
import { polygon } from 'viem/chains';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';

const HOST = process.env.SIBYL_URL ?? 'http://127.0.0.1:8080'; // (1) the host: Sibyl instead of https://clob.polymarket.com
const CHAIN_ID = 137; //                                           (2) the chain id Sibyl verifies against (SIBYL_CHAIN_ID)
const account = privateKeyToAccount((process.env.PRIVATE_KEY as Hex | undefined) ?? generatePrivateKey());
const wallet = createWalletClient({ account, chain: polygon, transport: http('http://127.0.0.1:9') }); // signs only, never sends

async function main(): Promise<void> {
  const admin = process.env.SIBYL_ADMIN_TOKEN;
  if (admin) {
    const r = await fetch(`${HOST}/admin/wallets/${account.address}/deposit`, {
      method: 'POST', headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' }, body: JSON.stringify({ amount: '100000000' }),
    });
    console.log('funded 100 USDC:', r.status);
  }
  const creds = await new ClobClient(HOST, CHAIN_ID, wallet).createOrDeriveApiKey(); // (3) credentials from Sibyl
  const client = new ClobClient(HOST, CHAIN_ID, wallet, creds);

  const markets = await client.getSamplingMarkets();
  const market = markets.data.find((m: { accepting_orders: boolean; tokens: unknown[] }) => m.accepting_orders && m.tokens.length === 2);
  if (!market) throw new Error('no market accepts orders');
  const tokenID: string = market.tokens[0].token_id;
  console.log('market', market.condition_id, 'token', tokenID);
  const book = await client.getOrderBook(tokenID);
  console.log('best bid', book.bids.at(-1)?.price, 'best ask', book.asks.at(-1)?.price);

  const tick = Number(market.minimum_tick_size);
  const price = Math.max(tick, Number(book.bids.at(-1)?.price ?? 0.5) - 5 * tick);
  const placed = await client.createAndPostOrder({ tokenID, price: Number(price.toFixed(4)), size: 10, side: Side.BUY }, { tickSize: String(tick) as '0.01', negRisk: market.neg_risk }, OrderType.GTC);
  console.log('placed', placed);
  if (placed.success !== true || typeof placed.orderID !== 'string') throw new Error(`the order was not placed: ${JSON.stringify(placed)}`);
  const open = await client.getOpenOrders({ asset_id: tokenID });
  console.log('open orders', open.length);
  if (!open.some((o: { id: string }) => o.id === placed.orderID)) throw new Error('the placed order is not among the open orders');
  console.log('balance', await client.getBalanceAllowance({ asset_type: AssetType.COLLATERAL }));
  const canceled = await client.cancelOrder({ orderID: placed.orderID });
  console.log('canceled', canceled);
  if (!canceled.canceled?.includes(placed.orderID)) throw new Error('the order was not canceled');
}

main().catch((err) => { console.error(err); process.exit(1); });
