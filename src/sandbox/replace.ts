/**
 * Replaces the database's state under a running exchange (the reset): new commands wait
 * (`whileHeld`); once every accepted command is durable (the sealed point is written),
 * `write()` replaces the tables in one transaction, the core is rebuilt from the database
 * (subscribers are told `rebuilt`: streams resend their books, kept pages start over), and the
 * waiting commands run on the new state. A command is thus applied before the replacement or
 * after it, never lost and never half-way.
 */
import type { ExchangeService } from '../exchange/service.js';
import { errors } from '../errors/catalogue.js';

const SETTLE_MS = 10_000;

export async function replaceState(exchange: ExchangeService, write: () => Promise<void>): Promise<void> {
  await exchange.whileHeld(async () => {
    const until = performance.now() + SETTLE_MS;
    for (;;) { // the open batch is sealed at the end of its tick; wait until it and any write in flight are durable
      const point = exchange.sealedPoint;
      if (point !== null && point.written) break;
      if (performance.now() > until) throw errors.unavailable('the exchange did not settle for the reset (rebuilding, or not the writer); try again', 5);
      await new Promise((r) => setTimeout(r, 1));
    }
    await write();
    await exchange.lockRegained(); // rebuilds the core from the database and waits for it
  });
}
