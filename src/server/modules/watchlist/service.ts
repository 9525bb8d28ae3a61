import type { Database } from '../../db/database';
import type { Clock } from '../../clock';
import { invalid, ruleBroken } from '../../errors';
import type { MarketService } from '../market';
import { WATCHLIST_MAX } from '../../../shared/api/watchlist';
import type { InstrumentRow } from '../../../shared/api/market';
import { append, codesOf, lockUser, removeOne, setPosition } from './repo';
import { WatchlistGroupService } from './group-service';

/**
 * A user's watchlist: ordered codes of known instruments, at most WATCHLIST_MAX. Every edit runs
 * in a transaction that first locks the user (see repo.lockUser), so two devices editing at once
 * cannot push the list past the limit or give two entries the same place.
 */
export class WatchlistService {
  /** Named groups besides this default list (docs/domain.md "Watchlist groups"). */
  readonly groups: WatchlistGroupService;

  constructor(
    private readonly database: Database,
    private readonly clock: Clock,
    private readonly market: MarketService,
  ) {
    this.groups = new WatchlistGroupService(database, clock, market, this);
  }

  codes(userId: string): Promise<string[]> {
    return codesOf(this.database.db, userId);
  }

  async list(userId: string): Promise<{ codes: string[]; items: InstrumentRow[]; max: number; simulated: true }> {
    const codes = await this.codes(userId);
    const at = this.market.now();
    // A code the market no longer knows stays listed (so it can be removed) but has no quote row.
    const items = codes.flatMap((c) => {
      const inst = this.market.source.instrument(c);
      return inst ? [this.market.row(inst, at)] : [];
    });
    return { codes, items, max: WATCHLIST_MAX, simulated: true };
  }

  /** Idempotent: a code already on the list stays where it is. Unknown code → 404 product_not_found. */
  async add(userId: string, code: string): Promise<{ codes: string[]; added: boolean }> {
    this.market.instrument(code);
    return this.database.db.transaction().execute(async (trx) => {
      await lockUser(this.database, trx, userId);
      const codes = await codesOf(trx, userId);
      if (codes.includes(code)) return { codes, added: false };
      if (codes.length >= WATCHLIST_MAX) throw ruleBroken('invalid_request', { field: 'code', max: WATCHLIST_MAX });
      await append(trx, userId, code, this.clock.now());
      return { codes: [...codes, code], added: true };
    });
  }

  /** Idempotent: removing a code that is not there changes nothing. */
  async remove(userId: string, code: string): Promise<{ codes: string[]; removed: boolean }> {
    return this.database.db.transaction().execute(async (trx) => {
      await lockUser(this.database, trx, userId);
      const removed = await removeOne(trx, userId, code);
      return { codes: await codesOf(trx, userId), removed };
    });
  }

  /** `order` must hold exactly the current codes (a permutation), else 400 and nothing changes. */
  async reorder(userId: string, order: string[]): Promise<{ codes: string[] }> {
    return this.database.db.transaction().execute(async (trx) => {
      await lockUser(this.database, trx, userId);
      const current = await codesOf(trx, userId);
      const same = order.length === current.length && new Set(order).size === order.length && order.every((c) => current.includes(c));
      if (!same) throw invalid('invalid_request', { field: 'codes', issue: 'not_a_permutation' });
      for (const [i, code] of order.entries()) await setPosition(trx, userId, code, i);
      return { codes: order };
    });
  }
}
