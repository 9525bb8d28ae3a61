/**
 * A fund's orders, all through the trade module's service (the same orders, fills, fees, tax and
 * settlement as a customer's), named by the fund's ledger owner (`OrderOwner`), never as a signed-in
 * user. Keys are made of the fund, the day and the code, so a repeated run places nothing twice.
 */
import type { Logger } from '../../logger';
import type { OrderOwner, TradingService } from '../trade';
import type { FundRow } from './fund-repo';
import { fundOwner } from './rules';

export class FundOrders {
  constructor(
    private readonly trading: TradingService,
    private readonly logger: Logger,
  ) {}

  /** The share counts a sale of the fund's holding of `code` may name: multiples of the 単元 up to all that is sellable. */
  async sellableSteps(fundId: string, code: string): Promise<readonly number[]> {
    const { lot, sellable } = await this.trading.sellable(fundOwner(fundId), code);
    const steps: number[] = [];
    for (let n = lot; n <= sellable; n += lot) steps.push(n);
    if (sellable % lot !== 0) steps.push(sellable);
    return steps;
  }

  /** A market sell of `shares` for the day; false when refused. */
  sell(f: FundRow, code: string, shares: number, day: string): Promise<boolean> {
    return this.safely(f, code, () => this.trading.sellForOwner(ownerOf(f.id), { code, shares, type: 'market', validity: 'day' }, `strategy:${f.id}:${day}:sell:${code}`));
  }

  /** A market buy of `lots` (cash, not margin) for the day; false when refused. */
  buy(f: FundRow, code: string, lots: number, day: string): Promise<boolean> {
    return this.safely(f, code, () =>
      this.trading.placeForOwner(
        ownerOf(f.id),
        { code, direction: 'up', type: 'market', lots, leverage: 1, dayTrade: false, validity: 'day' },
        `strategy:${f.id}:${day}:buy:${code}`,
      ),
    );
  }

  /** One order of the fund; a refusal (price limit, no quote…) is logged and the rest goes on. */
  private async safely(f: FundRow, code: string, fn: () => Promise<unknown>): Promise<boolean> {
    try {
      await fn();
      return true;
    } catch (err) {
      this.logger.warn({ err, fund: f.id, code }, 'strategy fund order refused');
      return false;
    }
  }
}

/** The fund as the owner of its orders (docs/decisions/016-strategy-funds.md). */
function ownerOf(fundId: string): OrderOwner {
  return { ownerId: fundOwner(fundId), kind: 'fund' };
}
