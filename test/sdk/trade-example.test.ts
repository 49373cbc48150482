/**
 * examples/sdk/trade.mjs, run as a user would (Node 24, the SDK from test/sdk) against a Sibyl with
 * the demo markets and only the operator token it funds its wallet with: the SDK's default wallet
 * flow finds the signer's deposit wallet, its limit BUY rests in the book for that wallet and its
 * $1 market BUY fills — each checked against the server's own state.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { getAddress } from 'viem';
import { backends } from '../support/backends.js';
import { startTestService, type TestService } from '../support/service.js';
import { ADMIN } from '../trading/kit.js';
import { beaconDepositWallet } from '../../src/trading/signed/deposit-wallet.js';
import { runNode24, SDK_SERVER_ENV, sdkMissing, sdkSkip } from './kit.js';

const backend = backends()[0]!; // one store is enough: the flow is the relayer.test.ts one, on both stores

describe('examples/sdk/trade.mjs against a demo Sibyl', { skip: sdkSkip() }, () => {
  let svc: TestService;
  let host: string;
  before(async () => {
    svc = await startTestService(backend, { SIBYL_DEMO: '1', SIBYL_ADMIN_TOKEN: ADMIN, ...SDK_SERVER_ENV });
    host = await svc.app.listen({ port: 0, host: '127.0.0.1' });
  });
  after(async () => { await svc?.dispose(); });

  it('trades through the signer\'s deposit wallet: a resting limit BUY and a filled $1 market BUY', async () => {
    assert.equal(sdkMissing(), undefined, sdkMissing());
    const run = await runNode24(['examples/sdk/trade.mjs', host], process.cwd(), { SIBYL_ADMIN_TOKEN: ADMIN });
    assert.equal(run.status, 0, `${run.stdout}\n${run.stderr}`);
    const lines = run.stdout.trim().split('\n');
    const account = JSON.parse(lines[0]!) as { signer: string; wallet: string; walletType: number };
    assert.equal(account.wallet.toLowerCase(), beaconDepositWallet(account.signer).toLowerCase());
    assert.equal(account.walletType, 3);
    assert.equal(lines[1], 'funded 20 USDC');
    const shown = JSON.parse(lines[2]!) as { tokenId: string };
    const limit = (JSON.parse(lines[3]!) as { limit: { status: string; price: number; orderId: string } }).limit;
    assert.equal(limit.status, 'live');
    const order = svc.services.exchange.core.order(limit.orderId);
    assert.ok(order, 'the limit order rests');
    assert.equal(order.wallet.toLowerCase(), account.wallet.toLowerCase());
    assert.equal(order.price, Math.round(limit.price * 1e6));
    const bought = (JSON.parse(lines[4]!) as { market: { status: string; makingAmount: string; takingAmount: string } }).market;
    assert.equal(bought.status, 'matched', lines[4]);
    const held = svc.services.exchange.core.balance(getAddress(account.wallet), shown.tokenId); // the ledger keeps checksummed addresses
    assert.equal(held.free + held.reserved, Math.round(Number(bought.takingAmount) * 1e6));
    assert.ok(Number(bought.makingAmount) <= 1 && Number(bought.makingAmount) > 0.9, lines[4]);
  });
});
