import type { Kysely, Migration } from 'kysely';
import type { Capabilities } from '../capabilities';

/**
 * Names per language an admin may enter (issue 35 item 6): an offering has its Japanese and English
 * names and may have Traditional Chinese and Korean ones; a strategy fund has its Japanese name and
 * may have English, Traditional Chinese and Korean ones. Every new column is optional (null): a
 * reader whose language has no name sees the English one, else the Japanese one.
 */
/** The default funds' names as of this migration (a copy: migrations import nothing from modules/). */
const DEFAULT_FUND_NAMES: readonly (readonly [string, string, string, string])[] = [
  ['n225-tracker', 'Nikkei 225 Tracker (sampling)', '日經225追蹤（抽樣）', '닛케이225 트래커(샘플링)'],
  ['core30-momentum', 'TOPIX Core30 Momentum', 'TOPIX Core30 動能', 'TOPIX Core30 모멘텀'],
  ['n225-reversion', 'Nikkei 225 Reversal', '日經平均 反轉', '닛케이평균 리버설'],
  ['dividend-follow', 'High Dividend Model (follow)', '高股息模型（跟單）', '고배당 모델(팔로우)'],
];

export function namesI18n(_caps: Capabilities): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema.alterTable('ipo_offering').addColumn('name_zh_hant', 'text').execute();
      await db.schema.alterTable('ipo_offering').addColumn('name_ko', 'text').execute();
      await db.schema.alterTable('strategy_fund').addColumn('name_en', 'text').execute();
      await db.schema.alterTable('strategy_fund').addColumn('name_zh_hant', 'text').execute();
      await db.schema.alterTable('strategy_fund').addColumn('name_ko', 'text').execute();
      // The funds Kabuto starts with (strategies/defaults.ts, which names them for new databases) get their names here.
      for (const [id, en, zh, ko] of DEFAULT_FUND_NAMES) {
        await db.updateTable('strategy_fund').set({ name_en: en, name_zh_hant: zh, name_ko: ko }).where('id', '=', id).execute();
      }
    },
    async down(db: Kysely<any>) {
      await db.schema.alterTable('strategy_fund').dropColumn('name_ko').execute();
      await db.schema.alterTable('strategy_fund').dropColumn('name_zh_hant').execute();
      await db.schema.alterTable('strategy_fund').dropColumn('name_en').execute();
      await db.schema.alterTable('ipo_offering').dropColumn('name_ko').execute();
      await db.schema.alterTable('ipo_offering').dropColumn('name_zh_hant').execute();
    },
  };
}
