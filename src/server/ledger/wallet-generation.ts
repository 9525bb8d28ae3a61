/**
 * A counter of balance changes in this process: postEntry (post.ts) bumps it before it changes any
 * balance, and lockWallet (postings.ts) reuses a wallet it read only while the counter has not
 * moved since (docs/decisions/018-request-path-performance.md). A file of its own so that neither
 * of the two imports the other.
 */
let postedGeneration = 0;

/** Called by postEntry before it changes any balance: every remembered wallet is stale. */
export function walletsChanged(): void {
  postedGeneration++;
}

export function currentWalletGeneration(): number {
  return postedGeneration;
}
