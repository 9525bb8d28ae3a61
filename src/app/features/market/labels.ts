import { useMemo } from 'react';
import { useLingui } from '@lingui/react/macro';

/** Translated names of market terms (sessions, segments, sorts, chart options, investor types …). */
export function useMarketLabels() {
  const { t, i18n } = useLingui();
  const locale = i18n.locale || 'ja';
  return useMemo(() => {
    const sessions: Record<string, string> = {
      closed: t`休場`,
      pre_open: t`寄付前`,
      morning: t`前場`,
      lunch: t`昼休み`,
      afternoon: t`後場`,
      closing_auction: t`クロージング・オークション`,
      after_close: t`大引け後`,
      open: t`取引中`,
    };
    const segments: Record<string, string> = {
      prime: t`プライム`,
      standard: t`スタンダード`,
      growth: t`グロース`,
      nagoya: t`名証`,
      fukuoka: t`福証`,
      sapporo: t`札証`,
    };
    const kinds: Record<string, string> = {
      stock: t`株式`,
      index: t`指数`,
      crypto: t`暗号資産`,
      fx: t`為替`,
    };
    const investors: Record<string, string> = {
      foreign: t`海外投資家`,
      individual: t`個人`,
      investment_trust: t`投資信託`,
      trust_bank: t`信託銀行`,
      business_corp: t`事業法人`,
      securities_prop: t`証券自己`,
    };
    const alerts: Record<string, string> = {
      limit_up: t`ストップ高`,
      limit_down: t`ストップ安`,
      sharp_rise: t`急騰`,
      sharp_fall: t`急落`,
      sharp_rise_5m: t`5分間の急騰`,
      sharp_fall_5m: t`5分間の急落`,
      volume_spike: t`出来高急増`,
    };
    const periods: Record<string, string> = {
      timeshare: t`分時`,
      min5: t`5分`,
      min15: t`15分`,
      min30: t`30分`,
      day: t`日足`,
      week: t`週足`,
      month: t`月足`,
      halfyear: t`半年足`,
      year: t`年足`,
    };
    return {
      locale,
      session: (s: string) => sessions[s] ?? s,
      segment: (s: string | null | undefined) => (s ? (segments[s] ?? s) : ''),
      kind: (k: string) => kinds[k] ?? k,
      investor: (k: string) => investors[k] ?? k,
      alert: (k: string) => alerts[k] ?? k,
      period: (p: string) => periods[p] ?? p,
    };
  }, [t, locale]);
}
