import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { TrustCategory } from '../../../shared/domain/trust';
import type { TRUST_NISA_REFUSALS, TRUST_ORDER_STATUSES, TrustNames } from '../../../shared/api/trusts';
import { enteredName } from '../../../shared/market/local-names';
import { formatPercent, groupDigits, MINUS } from '../../../shared/money';

/**
 * The words and number forms of the 投資信託 screens (docs/domain.md "Investment trusts and 積立"),
 * Japanese as the source; descriptors, translated where they are shown.
 */

/** A fund's name in the reader's language (the catalogue's names; else English, else Japanese). */
export function trustName(names: TrustNames, locale: string): string {
  return enteredName(names, locale);
}

/**
 * A rate in ppm as a percentage with as many decimals as it has (at least two): 1,430 → "0.143%",
 * 9,900 → "0.99%", 16,500 → "1.65%". Fees are stated to the digit, so they are never rounded.
 */
export function formatPpm(ppm: number): string {
  const abs = Math.abs(Math.round(ppm));
  const whole = Math.floor(abs / 10_000);
  let frac = String(abs % 10_000).padStart(4, '0');
  while (frac.length > 2 && frac.endsWith('0')) frac = frac.slice(0, -1);
  return `${ppm < 0 && abs !== 0 ? MINUS : ''}${groupDigits(String(whole))}.${frac}%`;
}

/** A return in ppm as basis points (two decimals of a percent), for Signed's `bp`. */
export function ppmToBp(ppm: number | null): number | null {
  return ppm === null ? null : Math.round(ppm / 100);
}

/** A level in ppm as a percentage with two decimals, no sign (a weight). */
export function formatWeight(ppm: number): string {
  return formatPercent(Math.round(ppm / 100), { sign: false });
}

export const CATEGORY_NAME: Record<TrustCategory, MessageDescriptor> = {
  jp_index: msg({ message: '国内株式インデックス' }),
  jp_growth: msg({ message: '国内グロース株式' }),
  jp_dividend: msg({ message: '国内高配当株式' }),
  jp_active: msg({ message: '国内株式アクティブ' }),
  balanced: msg({ message: 'バランス' }),
  bond: msg({ message: '債券' }),
};

/** 運用方針: one sentence per category, as a 目論見書 states the fund's aim. */
export const CATEGORY_OBJECTIVE: Record<TrustCategory, MessageDescriptor> = {
  jp_index: msg({ message: '国内の株価指数に連動する投資成果をめざし、指数の構成どおりに保有します。' }),
  jp_growth: msg({ message: '新興・成長企業の株価指数に連動する投資成果をめざします。値動きは大きくなりがちです。' }),
  jp_dividend: msg({ message: '配当利回りの高い東証プライム上場株式に均等に投資し、配当収益の確保と分配をめざします。' }),
  jp_active: msg({ message: '運用者が選んだ国内の主力株式に投資し、市場平均を上回る成果をめざします（指数には連動しません）。' }),
  balanced: msg({ message: '国内株式・債券・外貨に決まった割合で分散投資し、毎日その割合に戻して値動きを抑えます。' }),
  bond: msg({ message: '円建て債券と米ドルに投資し、利息収入をもとに毎月の分配をめざします。為替の影響を受けます。' }),
};

/** The refusal of a NISA frame as a sentence (TRUST_NISA_REFUSALS). */
export const NISA_REFUSAL: Record<(typeof TRUST_NISA_REFUSALS)[number], MessageDescriptor> = {
  not_designated: msg({ message: '指定インデックス投資信託ではないため対象外' }),
  purchase_fee: msg({ message: '購入時手数料がかかるため対象外' }),
  trust_fee: msg({ message: '信託報酬が上限（国内資産のみ0.55%、海外資産を含む0.825%）を超えるため対象外' }),
  monthly_distribution: msg({ message: '毎月分配型のため対象外' }),
  short_term: msg({ message: '信託期間が20年未満のため対象外' }),
  leveraged: msg({ message: 'レバレッジ型のため対象外' }),
};

export const ORDER_STATUS: Record<(typeof TRUST_ORDER_STATUSES)[number], MessageDescriptor> = {
  pending: msg({ message: '約定待ち' }),
  filled: msg({ message: '約定済み' }),
  paid: msg({ message: '受渡済み' }),
  cancelled: msg({ message: '取消済み' }),
  failed: msg({ message: '不成立' }),
};

/** The indices a fund tracks, by instrument code (the simulated market's indices). */
export const BENCHMARK_NAME: Record<string, MessageDescriptor> = {
  TOPIX: msg({ message: 'TOPIX（東証株価指数）' }),
  N225: msg({ message: '日経平均株価（日経225）' }),
  TSEG250: msg({ message: '東証グロース市場250指数' }),
  USDJPY: msg({ message: '米ドル／円' }),
};

/** リスク区分 1–5 in words. */
export const RISK_NAME: Record<number, MessageDescriptor> = {
  1: msg({ message: '低い' }),
  2: msg({ message: 'やや低い' }),
  3: msg({ message: '中程度' }),
  4: msg({ message: 'やや高い' }),
  5: msg({ message: '高い' }),
};
