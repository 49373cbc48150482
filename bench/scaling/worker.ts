/**
 * A writer in its own thread: builds a PartitionWriter for the markets it is given, then answers
 * each batch message (indices into the shared order flow) with its fills.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { PartitionWriter } from './writer.js';

interface Init { owned: number[]; wallets: number; flow: { market: Int32Array; wallet: Int32Array; side: Uint8Array; price: Int32Array; size: Int32Array } }

const init = workerData as Init;
const writer = new PartitionWriter(init.owned, init.wallets);
parentPort!.postMessage({ ready: true });
parentPort!.on('message', (m: { batch: number; idx: Int32Array; count: number }) => {
  const fills = writer.place(init.flow, m.idx, m.count);
  parentPort!.postMessage({ batch: m.batch, fills }, [fills.buffer as ArrayBuffer]);
});
