// What both SDK examples share: the SDK (by name in your bot, or this repository's test/sdk copy)
// and its environment for a Sibyl at `base` — the venue's hosts under /clob, /gamma, /data-api and
// /relayer on one port, the two sockets beside them. Nothing is set on the server.
const local = (path) => import(new URL(`../../test/sdk/node_modules/@polymarket/client/dist/${path}`, import.meta.url).href);

/** `@polymarket/client` (or its subpath, e.g. 'viem'), by name first. */
export async function sdk(subpath = '') {
  return import(`@polymarket/client${subpath ? `/${subpath}` : ''}`).catch(() => local(`${subpath || 'index'}.js`));
}

/** The SDK's environment for the Sibyl at `base` (e.g. http://127.0.0.1:8080). */
export async function sibylEnvironment(base) {
  const { forkEnvironmentConfig } = await sdk();
  const ws = base.replace(/^http/, 'ws');
  return forkEnvironmentConfig({
    name: 'sibyl',
    clob: { rest: `${base}/clob`, market: { ws: `${ws}/ws/market` }, user: { ws: `${ws}/ws/user` } },
    gamma: { rest: `${base}/gamma` },
    data: { rest: `${base}/data-api` },
    relayer: { rest: `${base}/relayer` },
  });
}
