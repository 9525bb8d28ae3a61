/**
 * The funds Kabuto starts with (docs/decisions/016-strategy-funds.md). They are created empty on
 * the first start: no seed capital, no back-filled history — a fund's NAV history begins on the
 * day it begins, at ¥10,000 per 10,000 units, and its first money is its first subscriber's.
 */
import type { StrategyKind, StrategyRule } from '../../../shared/api/strategies';
import type { Params } from './rules';

export interface FundDefinition {
  id: string;
  kind: StrategyKind;
  name: string;
  /** Optional names per language (a reader without one sees the English name, else the Japanese). */
  nameEn?: string;
  nameZhHant?: string;
  nameKo?: string;
  rule: StrategyRule;
  params: Params;
  model: string | null;
  minAmount: number;
  lockDays: number;
  feeBp: number;
  /** Follow-order funds: days after the start during which subscriptions are taken. */
  followDays: number | null;
}

/** TOPIX Core30 members as listed in the simulator (approximate: the real list changes each October). */
export const TOPIX_CORE30 = [
  '7203', '6758', '8306', '9984', '6861', '9432', '8035', '6501', '4063', '8316', '9983', '8058', '8001', '9433', '4502',
  '6098', '7974', '8031', '6367', '7267', '4568', '8766', '6902', '3382', '8411', '6981', '9434', '4519', '7741', '6273',
];

/** A price-weighted sample of Nikkei 225 members (the index's own weighting, its heaviest names). */
export const N225_SAMPLE = ['9983', '8035', '6861', '6273', '7741', '9984', '6367', '4519', '8001', '7974'];

export const DEFAULT_FUNDS: readonly FundDefinition[] = [
  {
    id: 'n225-tracker', kind: 'quant', name: '日経225トラッカー（サンプリング）',
    nameEn: 'Nikkei 225 Tracker (sampling)', nameZhHant: '日經225追蹤（抽樣）', nameKo: '닛케이225 트래커(샘플링)', rule: 'index_tracker',
    params: { index: 'N225', basket: N225_SAMPLE, cashBufferBp: 200 }, model: null,
    minAmount: 100_000, lockDays: 7, feeBp: 50, followDays: null,
  },
  {
    id: 'core30-momentum', kind: 'quant', name: 'TOPIX Core30 モメンタム',
    nameEn: 'TOPIX Core30 Momentum', nameZhHant: 'TOPIX Core30 動能', nameKo: 'TOPIX Core30 모멘텀', rule: 'momentum',
    params: { universe: TOPIX_CORE30, lookback: 25, top: 3, cashBufferBp: 200 }, model: null,
    minAmount: 100_000, lockDays: 14, feeBp: 120, followDays: null,
  },
  {
    id: 'n225-reversion', kind: 'quant', name: '日経平均 リバーサル',
    nameEn: 'Nikkei 225 Reversal', nameZhHant: '日經平均 反轉', nameKo: '닛케이평균 리버설', rule: 'mean_reversion',
    params: { index: 'N225', lookback: 25, entryBp: 100, exitBp: 100, basket: ['7203', '6758', '8306', '8058', '6501'], cashBufferBp: 200 },
    model: null, minAmount: 100_000, lockDays: 14, feeBp: 100, followDays: null,
  },
  {
    id: 'dividend-follow', kind: 'follow', name: '高配当モデル フォロー',
    nameEn: 'High Dividend Model (follow)', nameZhHant: '高股息模型（跟單）', nameKo: '고배당 모델(팔로우)', rule: 'follow_model',
    params: { weights: ['8306:2000', '8058:2000', '9433:2000', '8001:2000', '8766:2000'], cashBufferBp: 200 },
    model: 'Kabuto 高配当モデルポートフォリオ', minAmount: 100_000, lockDays: 30, feeBp: 80, followDays: 90,
  },
];
