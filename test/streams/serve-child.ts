/**
 * Child process of the streams crash test: the real service listening on loopback, a market
 * and two funded traders, then a random stream of orders and cancels forever (5 at a time,
 * through the service's own HTTP stack). Prints `READY <port> <condition id> <trader A's
 * credentials as JSON> <token id 0>,<token id 1>` once clients may subscribe. The parent kills it with SIGKILL.
 * Configuration: SIBYL_DATA_DIR / DATABASE_URL (a fresh database).
 */
import { createService } from '../../src/server.js';
import { loadConfig } from '../../src/config/config.js';
import { floats } from '../../src/domain/prng.js';
import { ADMIN, newMarket, trader } from '../trading/kit.js';
import { tokenIdsOf } from '../support/tokens.js';
import { cancel, place } from './kit.js';
import type { TestService } from '../support/service.js';

const config = loadConfig({ ...process.env, SIBYL_DEMO: '0', LOG_LEVEL: 'silent', SIBYL_RATE_LIMITS: 'off', SIBYL_ADMIN_TOKEN: ADMIN, PORT: '0', HOST: '127.0.0.1' });
const service = await createService(config, { logger: false });
const svc = { ...service, dispose: async () => {} } as TestService;
await service.app.listen({ host: '127.0.0.1', port: 0 });
const port = (service.app.server.address() as { port: number }).port;
const cid = await newMarket(svc);
const tokens = await tokenIdsOf(svc, cid);
const traders = [await trader(svc, '1000000'), await trader(svc, '1000000')];
process.stdout.write(`READY ${port} ${cid} ${JSON.stringify({ ...traders[0]!.creds })} ${tokens.join(',')}\n`);
await new Promise((r) => setTimeout(r, 300)); // the parent subscribes
const rand = floats(Number(process.env.SEED ?? 5));
const open: Array<{ who: number; id: string }> = [];
for (;;) {
  await Promise.all(Array.from({ length: 5 }, async () => {
    const who = rand() < 0.5 ? 0 : 1;
    if (open.length > 0 && rand() < 0.3) {
      const [o] = open.splice(Math.floor(rand() * open.length), 1);
      await cancel(svc, traders[o!.who]!, o!.id).catch(() => {});
      return;
    }
    const token = tokens[rand() < 0.5 ? 0 : 1];
    const r = await place(svc, traders[who]!, token, 'BUY', (0.3 + Math.floor(rand() * 40) / 100).toFixed(2), String(5 + Math.floor(rand() * 10))).catch(() => null);
    if (r?.status === 'live') open.push({ who, id: r.orderID });
  }));
}
