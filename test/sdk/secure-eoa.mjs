// The SDK's secure client for an EOA account (signature type 0), built the way the SDK documents
// it: `createSecureClient({ signer, wallet: <the signer's own address> })`. Passing the signer's
// address as `wallet` is the SDK's explicit EOA choice, so it never asks the relayer for a deposit
// wallet (test/sdk/README.md). The signer is the SDK's own viem adapter (`@polymarket/client/viem`)
// over a local private key; its transport is a closed port, as nothing here may reach a chain.
import { createSecureClient } from '@polymarket/client';
import { signerFrom } from '@polymarket/client/viem';
import { createWalletClient, http } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { polygon } from 'viem/chains';

/** A secure client trading as the EOA of `privateKey`, against `environment` (forkEnvironmentConfig). */
export async function createEoaSecureClient(environment, privateKey) {
  const account = privateKeyToAccount(privateKey);
  const signer = signerFrom(createWalletClient({ account, chain: polygon, transport: http('http://127.0.0.1:9') }));
  return createSecureClient({ environment, signer, wallet: account.address });
}
