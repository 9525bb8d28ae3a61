import { uuidv7 } from 'uuidv7';
import type { Database } from '../../db/database';
import type { Clock } from '../../clock';
import { invalid, notFound, ruleBroken } from '../../errors';
import type { MarketService } from '../market';
import {
  DEFAULT_GROUP_ID,
  WATCHLIST_GROUPS_MAX,
  WATCHLIST_GROUP_CODES_MAX,
  WATCHLIST_GROUP_NAME_MAX,
  WATCHLIST_MAX,
} from '../../../shared/api/watchlist';
import type { InstrumentRow } from '../../../shared/api/market';
import type { Executor } from '../../db/executor';
import { codesOf, lockUser } from './repo';
import * as repo from './group-repo';
import { GROUP_NAME_MIN, cleanGroupName, distinct, isPermutation } from './rules';

export interface GroupView {
  id: string;
  name: string | null;
  isDefault: boolean;
  codes: string[];
  max: number;
}

/** What the default list's edits look like; WatchlistService implements it (the `watchlist/*` endpoints). */
interface DefaultList {
  add(userId: string, code: string): Promise<{ codes: string[]; added: boolean }>;
  remove(userId: string, code: string): Promise<{ codes: string[]; removed: boolean }>;
  reorder(userId: string, order: string[]): Promise<{ codes: string[] }>;
}

const nameError = () => invalid('watchlist_group_name_invalid', { min: GROUP_NAME_MIN, max: WATCHLIST_GROUP_NAME_MAX });
const missing = () => notFound('not_found');

/**
 * Watchlist groups (docs/domain.md "Watchlist groups"). The default group is the existing
 * watchlist (id `default`): its edits go to the default list so `watchlist/*` and the groups agree.
 * Named groups live in their own tables; a group id of another user is answered like a missing
 * one (404). Every edit locks the user first (repo.lockUser), so limits hold under concurrency.
 */
export class WatchlistGroupService {
  constructor(
    private readonly database: Database,
    private readonly clock: Clock,
    private readonly market: MarketService,
    private readonly defaultList: DefaultList,
  ) {}

  private edit<T>(userId: string, work: (trx: Executor) => Promise<T>): Promise<T> {
    return this.database.db.transaction().execute(async (trx) => {
      await lockUser(this.database, trx, userId);
      return work(trx);
    });
  }

  private async named(db: Executor, userId: string, id: string): Promise<repo.GroupRow> {
    const g = await repo.groupOf(db, userId, id);
    if (!g) throw missing();
    return g;
  }

  async list(userId: string): Promise<{ groups: GroupView[]; items: InstrumentRow[]; maxGroups: number; nameMax: number; simulated: true }> {
    const db = this.database.db;
    const [defaults, rows, codes] = await Promise.all([codesOf(db, userId), repo.groupsOf(db, userId), repo.groupCodesOf(db, userId)]);
    const groups: GroupView[] = [
      { id: DEFAULT_GROUP_ID, name: null, isDefault: true, codes: defaults, max: WATCHLIST_MAX },
      ...rows.map((g) => ({ id: g.id, name: g.name, isDefault: false, codes: codes.get(g.id) ?? [], max: WATCHLIST_GROUP_CODES_MAX })),
    ];
    const at = this.market.now();
    const items = distinct(groups.flatMap((g) => g.codes)).flatMap((c) => {
      const inst = this.market.source.instrument(c);
      return inst ? [this.market.row(inst, at)] : [];
    });
    return { groups, items, maxGroups: WATCHLIST_GROUPS_MAX, nameMax: WATCHLIST_GROUP_NAME_MAX, simulated: true };
  }

  /** A named group at the end, holding `codes` (known instruments, repeats dropped). */
  async create(userId: string, rawName: string, codes: string[]): Promise<{ group: GroupView }> {
    const name = cleanGroupName(rawName);
    if (name === null) throw nameError();
    const wanted = distinct(codes);
    for (const code of wanted) this.market.instrument(code);
    return this.edit(userId, async (trx) => {
      const groups = await repo.groupsOf(trx, userId);
      // The default group counts towards the limit.
      if (groups.length + 1 >= WATCHLIST_GROUPS_MAX) throw ruleBroken('watchlist_group_limit', { max: WATCHLIST_GROUPS_MAX });
      const id = uuidv7();
      const now = this.clock.now();
      const position = groups.length === 0 ? 0 : Math.max(...groups.map((g) => g.position)) + 1;
      await repo.insertGroup(trx, { id, userId, name, position, now });
      for (const [i, code] of wanted.entries()) await repo.insertItem(trx, id, code, i, now);
      return { group: { id, name, isDefault: false, codes: wanted, max: WATCHLIST_GROUP_CODES_MAX } };
    });
  }

  async rename(userId: string, id: string, rawName: string): Promise<{ group: GroupView }> {
    if (id === DEFAULT_GROUP_ID) throw ruleBroken('watchlist_group_default');
    return this.edit(userId, async (trx) => {
      await this.named(trx, userId, id);
      const name = cleanGroupName(rawName);
      if (name === null) throw nameError();
      await repo.renameGroup(trx, id, name);
      return { group: { id, name, isDefault: false, codes: await repo.itemCodes(trx, id), max: WATCHLIST_GROUP_CODES_MAX } };
    });
  }

  async remove(userId: string, id: string): Promise<{ deleted: true }> {
    if (id === DEFAULT_GROUP_ID) throw ruleBroken('watchlist_group_default');
    return this.edit(userId, async (trx) => {
      await this.named(trx, userId, id);
      await repo.deleteGroup(trx, id);
      return { deleted: true as const };
    });
  }

  /** `ids` must be a permutation of the named groups; the default group stays first. */
  async order(userId: string, ids: string[]): Promise<{ ids: string[] }> {
    return this.edit(userId, async (trx) => {
      const groups = await repo.groupsOf(trx, userId);
      if (!isPermutation(ids, groups.map((g) => g.id))) throw invalid('invalid_request', { field: 'ids', issue: 'not_a_permutation' });
      const at = new Map(groups.map((g) => [g.id, g.position]));
      for (const [i, id] of ids.entries()) if (at.get(id) !== i) await repo.setGroupPosition(trx, id, i);
      return { ids };
    });
  }

  /** Idempotent: a code already in the group stays where it is. Unknown code → 404 product_not_found. */
  async add(userId: string, id: string, code: string): Promise<{ codes: string[]; added: boolean }> {
    if (id === DEFAULT_GROUP_ID) return this.defaultList.add(userId, code);
    this.market.instrument(code);
    return this.edit(userId, async (trx) => {
      await this.named(trx, userId, id);
      const codes = await repo.itemCodes(trx, id);
      if (codes.includes(code)) return { codes, added: false };
      if (codes.length >= WATCHLIST_GROUP_CODES_MAX) throw ruleBroken('watchlist_group_full', { max: WATCHLIST_GROUP_CODES_MAX });
      const top = await this.topPosition(trx, id);
      await repo.insertItem(trx, id, code, top + 1, this.clock.now());
      return { codes: [...codes, code], added: true };
    });
  }

  /** Idempotent: removing a code that is not there changes nothing. */
  async removeCode(userId: string, id: string, code: string): Promise<{ codes: string[]; removed: boolean }> {
    if (id === DEFAULT_GROUP_ID) return this.defaultList.remove(userId, code);
    return this.edit(userId, async (trx) => {
      await this.named(trx, userId, id);
      const removed = await repo.removeItem(trx, id, code);
      return { codes: await repo.itemCodes(trx, id), removed };
    });
  }

  async reorder(userId: string, id: string, order: string[]): Promise<{ codes: string[] }> {
    if (id === DEFAULT_GROUP_ID) return this.defaultList.reorder(userId, order);
    return this.edit(userId, async (trx) => {
      await this.named(trx, userId, id);
      const current = await repo.itemCodes(trx, id);
      if (!isPermutation(order, current)) throw invalid('invalid_request', { field: 'codes', issue: 'not_a_permutation' });
      for (const [i, code] of order.entries()) await repo.setItemPosition(trx, id, code, i);
      return { codes: order };
    });
  }

  /** The highest position in the group (positions have gaps after removals); −1 when empty. */
  private async topPosition(trx: Executor, id: string): Promise<number> {
    const top = await repo.topItemPosition(trx, id);
    return top == null ? -1 : Number(top);
  }
}
