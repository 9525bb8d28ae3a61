/**
 * The wallets a transaction has locked and read, kept while nothing in that transaction has
 * posted since: a command that checks the wallet and then pays from it (an order: no shortfall
 * owed, then the payment) reads it once (docs/decisions/018-request-path-performance.md). The
 * rows only change under the user's cash lock, which the first read took and which holds to the
 * end of the transaction, and only through postEntry, which forgets the transaction's wallets
 * before and after it moves balances. A file of its own, importing neither post.ts nor postings.ts
 * (which imports post.ts's types), so no import cycle; the wallet's shape is postings.ts's.
 */
interface Memory {
  /** Bumped by every forget: a read that began before a post in its transaction is not kept. */
  epoch: number;
  wallets: Map<string, unknown>;
}
const memory = new WeakMap<object, Memory>();

function of(trx: object): Memory {
  let m = memory.get(trx);
  if (!m) memory.set(trx, (m = { epoch: 0, wallets: new Map() }));
  return m;
}

export function rememberedWallet<W>(trx: object, key: string): W | undefined {
  return memory.get(trx)?.wallets.get(key) as W | undefined;
}

/** The transaction's epoch now: pass it to rememberWallet with what was read after it. */
export function walletEpoch(trx: object): number {
  return memory.get(trx)?.epoch ?? 0;
}

/** Keeps `wallet`, read since `epoch`, unless the transaction has posted since. */
export function rememberWallet<W>(trx: object, key: string, wallet: W, epoch: number): void {
  const m = of(trx);
  if (m.epoch === epoch) m.wallets.set(key, wallet);
}

/** Called by postEntry around its balance moves: the transaction's remembered wallets are stale. */
export function forgetWallets(trx: object): void {
  const m = of(trx);
  m.epoch++;
  m.wallets.clear();
}
