/**
 * What a user may withdraw, and how it is computed (docs/domain.md "Withdrawals"): settled free cash.
 * The one place of the rule: `funds/summary` reports it, the withdrawal command checks it and the
 * cashOut screen shows the breakdown from the same function. Nothing else (no score, no level, no
 * fee) takes part (docs/domain.md "What Kabuto never builds").
 */

/** One currency's balances as the ledger holds them (shortfall and loan ≤ 0). */
export interface WithdrawableInput {
  cash: number;
  frozen: number;
  margin: number;
  unsettled: number;
  shortfall: number;
  /** Cash kept back as loan collateral: the part of a loan the pledged holdings do not cover at 60 % (the lending area). */
  collateral?: number;
}

export interface WithdrawableBreakdown {
  /** Everything held as money: cash + unsettled + frozen + margin. */
  held: number;
  /** Sale proceeds until settlement (T+2): usable to buy, not to withdraw. */
  unsettled: number;
  /** Reserved for orders, pending withdrawals and other requests in flight. */
  frozen: number;
  /** Principal locked in margin positions. */
  margin: number;
  /** Cash pledged as loan collateral. */
  collateral: number;
  /** A shortfall owed (as a positive amount): any credit repays it first, so nothing is withdrawable while it is owed. */
  shortfallOwed: number;
  /** Settled free cash: held − unsettled − frozen − margin − collateral, and 0 while a shortfall is owed. */
  withdrawable: number;
}

export function withdrawableBreakdown(b: WithdrawableInput): WithdrawableBreakdown {
  const collateral = Math.max(0, b.collateral ?? 0);
  const shortfallOwed = Math.max(0, -b.shortfall);
  const free = Math.max(0, b.cash - collateral);
  return {
    held: b.cash + b.unsettled + b.frozen + b.margin,
    unsettled: b.unsettled,
    frozen: b.frozen,
    margin: b.margin,
    collateral,
    shortfallOwed,
    withdrawable: shortfallOwed > 0 ? 0 : free,
  };
}
