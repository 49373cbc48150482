/**
 * Child process of the crash test: runs a random workload through the durable exchange forever
 * and prints `ACK <order id>` for every order the exchange acknowledged (after its commit).
 * The parent kills it with SIGKILL mid-stream. Configuration: SIBYL_DATA_DIR / DATABASE_URL,
 * MARKETS (comma-separated condition ids), SEED.
 */
import { openStore } from '../../src/store/db.js';
import { ExchangeService } from '../../src/exchange/service.js';
import { placedId, prng, randomCommand } from './support.js';

const store = openStore({ databaseUrl: process.env.DATABASE_URL, dataDir: process.env.SIBYL_DATA_DIR! });
const svc = await ExchangeService.open(store);
const markets = process.env.MARKETS!.split(',');
const rand = prng(Number(process.env.SEED ?? 1));
process.stdout.write('READY\n');
for (;;) {
  const acks = Array.from({ length: 20 }, () => svc.submit(randomCommand(rand, markets, svc.core).command).then((r) => {
    const id = placedId(r);
    if (id !== null) process.stdout.write(`ACK ${id}\n`);
  }));
  await Promise.all(acks);
}
