/**
 * Which deposit wallets exist, for the relayer's `GET /deployed` (src/routes/relayer,
 * docs/venue.md §10). Sibyl has no chain and deploys nothing: the current (beacon) deposit
 * wallet of every address that holds API credentials counts as deployed — so the SDK's default
 * flow (`createSecureClient({signer})` without a wallet) finds its wallet right after it
 * derived its key, with no relayer key and no transaction. Legacy (UUPS) deposit wallets are
 * never reported deployed (the venue's factory now deploys beacon wallets only), so the SDK takes
 * the current one. Wallets are derived once per key holder and kept (one instance per process,
 * built in the composition root); a miss reads the holders added since the last read.
 * A Safe or proxy wallet (signature types 1 and 2) is deployed when the operator linked it.
 */
import { beaconDepositWallet, legacyDepositWallet } from './deposit-wallet.js';

/** Owners whose deposit wallets are kept (oldest dropped first beyond this). */
const MAX_OWNERS = 100_000;

export type KeyHolders = (sinceMs: number) => Promise<Array<{ address: string; createdAt: number }>>;

export class DepositWallets {
  /** Lower-case wallet → its owner. */
  private readonly owners = new Map<string, string>();
  /** Owner → its two deposit wallets (checksummed), derived once. */
  private readonly wallets = new Map<string, readonly string[]>();
  /** The newest key creation time read so far (re-read inclusively: a later key in the same ms is not missed). */
  private since = 0;

  /**
   * `holders`: the API-key holders since a time (src/auth/keys.ts); `signersOf`: the operator's
   * signers linked to a funder wallet (store.ts), which is how Sibyl knows a Safe or proxy wallet.
   */
  constructor(private readonly holders: KeyHolders, private readonly signersOf: (funder: string) => string[]) {}

  /**
   * The relayer's `deployed` (docs/venue.md §10): a deposit wallet (`type=WALLET`) is deployed
   * when it is the current deposit wallet of a key holder; a Safe or proxy wallet (no type) when
   * the operator linked a signer to it (the links that let its type-1/2 orders through).
   */
  async isDeployed(address: string, depositWallet: boolean): Promise<boolean> {
    if (!depositWallet) return this.signersOf(address.toLowerCase()).length > 0;
    return (await this.ownerOf(address)) !== undefined;
  }

  /** `owner`'s deposit wallets, current then legacy (checksummed, as orders keep their maker): the accounts its key also cancels for. */
  walletsOf(owner: string): readonly string[] {
    const key = owner.toLowerCase();
    let w = this.wallets.get(key);
    if (w === undefined) {
      w = [beaconDepositWallet(owner), legacyDepositWallet(owner)];
      if (this.wallets.size >= MAX_OWNERS) this.wallets.delete(this.wallets.keys().next().value!);
      this.wallets.set(key, w);
    }
    return w;
  }

  /** The owner of a deployed deposit wallet, or undefined. */
  async ownerOf(wallet: string): Promise<string | undefined> {
    const w = wallet.toLowerCase();
    const known = this.owners.get(w);
    if (known !== undefined) return known;
    for (const h of await this.holders(this.since)) {
      this.owners.set(beaconDepositWallet(h.address).toLowerCase(), h.address);
      if (h.createdAt > this.since) this.since = h.createdAt;
    }
    return this.owners.get(w);
  }
}
