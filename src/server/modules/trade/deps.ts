/**
 * What the trade module takes from the composition root (TradeCtx) and what it tells other areas
 * through a hook (PositionSplit). Types only: the recipes that use them stay inside the module
 * (context.ts, settle.ts), and other areas reach trade through the use cases of index.ts.
 */
import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import type { Database } from '../../db/database';
import type { Clock } from '../../clock';
import type { Ledger } from '../../ledger';
import type { ConfigService } from '../config';
import type { AccountService } from '../account';
import type { MarketDataSource } from '../../market';
import type { IsoDate } from '../../../shared/market';

/** A split as applied to a held row (corporate.ts), for an area that keeps a share count beside the position. */
export interface PositionSplit {
  positionId: string;
  userId: string;
  code: string;
  ratio: number;
  exDate: IsoDate;
  at: number;
}

/**
 * Told of each split of a held row inside the split's own transaction: the lending area's 貸株
 * row follows its position (docs/domain.md "Corporate actions"). A hook, because lending builds
 * on trade and trade may not import it back.
 */
export type SplitHook = (trx: Transaction<DB>, split: PositionSplit) => Promise<void>;

/** What the trading use cases need, handed over explicitly (docs/architecture.md). */
export interface TradeCtx {
  database: Database;
  clock: Clock;
  ledger: Ledger;
  config: ConfigService;
  accounts: AccountService;
  market: MarketDataSource;
  /** What else follows a split of a held row (settle.ts SettleDeps.onSplit); wired by the composition root. */
  onSplit?: SplitHook;
}

/**
 * Whose order it is when no signed-in user places it: a strategy fund trades as its own ledger owner
 * (docs/domain.md "Strategy funds"). Such an owner has no session and no account state, so its
 * orders and sales skip the account-state guard a user's command starts with; everything else
 * (checks, fills, postings, the idempotency keys under `ownerId`) is the user's command.
 */
export interface OrderOwner {
  ownerId: string;
  kind: 'fund';
}
