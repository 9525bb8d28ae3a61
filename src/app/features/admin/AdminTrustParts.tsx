import type { ReactNode } from 'react';
import { Trans } from '@lingui/react/macro';
import { useLingui as useLinguiCore } from '@lingui/react';
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { trustsAdminApi, type TRUST_NISA_REFUSALS, type TrustAdminFund } from '../../../shared/api/trusts';
import { enteredName } from '../../../shared/market/local-names';
import { formatIsoDate, groupDigits } from '../../../shared/money';
import { endpointArea, endpointQuery } from '../../api/query';

/*
 * Pieces of the 投資信託 back office (AdminTrustsScreen): its reads, rates in ppm shown and typed as
 * percentages, the NISA eligibility of a fund with its reason, the strike status.
 */

const NO_PERSIST = { persist: false };

export const trustFundsQuery = () => endpointQuery(trustsAdminApi.funds, {}, { staleTime: 5_000, meta: NO_PERSIST });
export const trustNavsQuery = (id: string) => endpointQuery(trustsAdminApi.navs, { params: { id } }, { staleTime: 5_000, meta: NO_PERSIST });
/** What a change of a fund refetches: the catalogue, its strikes, the audit log. */
export const TRUST_ADMIN_AREAS = [endpointArea(trustsAdminApi.funds), endpointArea(trustsAdminApi.navs)];

export function fundName(f: Pick<TrustAdminFund, 'names'>, locale: string): string {
  return enteredName(f.names, locale);
}

/** A rate in ppm as a percentage with every digit it has (at least two decimals): 1,430 → "0.143%". */
export function ppmText(ppm: number): string {
  const whole = Math.floor(ppm / 10_000);
  let frac = String(ppm % 10_000).padStart(4, '0');
  while (frac.length > 2 && frac.endsWith('0')) frac = frac.slice(0, -1);
  return `${groupDigits(String(whole))}.${frac}%`;
}

/** A rate in ppm as the form's text: 1,430 → "0.143", 0 → "0". */
export function ppmInput(ppm: number): string {
  const whole = Math.floor(ppm / 10_000);
  const frac = String(ppm % 10_000)
    .padStart(4, '0')
    .replace(/0+$/, '');
  return frac ? `${whole}.${frac}` : String(whole);
}

/** A typed percentage (up to 4 decimals: 1 ppm = 0.0001 %) as ppm, without floating point; null if not one. */
export function percentToPpm(text: string): number | null {
  const m = /^(\d{1,3})(?:\.(\d{0,4}))?$/.exec(text.trim().replace(/%$/, '').trim());
  if (!m) return null;
  return Number(m[1]) * 10_000 + Number((m[2] ?? '').padEnd(4, '0'));
}

export const NISA_REFUSAL_SHORT: Record<(typeof TRUST_NISA_REFUSALS)[number], MessageDescriptor> = {
  not_designated: msg({ message: '指定インデックス外' }),
  purchase_fee: msg({ message: '購入時手数料あり' }),
  trust_fee: msg({ message: '信託報酬が上限超' }),
  monthly_distribution: msg({ message: '毎月分配型' }),
  short_term: msg({ message: '信託期間20年未満' }),
  leveraged: msg({ message: 'レバレッジ型' }),
};

/** The two NISA frames: 可 or 不可 with the reason. */
export function Eligibility({ f }: { f: Pick<TrustAdminFund, 'eligibility'> }) {
  const { i18n } = useLinguiCore();
  const frame = (label: ReactNode, refusal: (typeof TRUST_NISA_REFUSALS)[number] | null, testId: string) => (
    <span className="admin-trust-frame" data-testid={testId} data-ok={refusal === null ? '1' : '0'}>
      <span className="admin-note">{label}</span>{' '}
      {refusal === null ? (
        <span className="admin-tag admin-tag--ok">
          <Trans>可</Trans>
        </span>
      ) : (
        <span className="admin-tag">
          <Trans>不可</Trans>
        </span>
      )}
      {refusal !== null ? <span className="admin-note"> {i18n._(NISA_REFUSAL_SHORT[refusal])}</span> : null}
    </span>
  );
  return (
    <span className="admin-trust-frames">
      {frame(<Trans>成長</Trans>, f.eligibility.nisa_growth, 'frame-growth')}
      {frame(<Trans>つみたて</Trans>, f.eligibility.nisa_tsumitate, 'frame-tsumitate')}
    </span>
  );
}

/** 受付中 / 停止中 (the reason is shown beside it by the caller). */
export function FundStatus({ f }: { f: Pick<TrustAdminFund, 'status'> }) {
  return f.status === 'open' ? (
    <span className="admin-tag admin-tag--ok">
      <Trans>受付中</Trans>
    </span>
  ) : (
    <span className="admin-tag admin-tag--danger">
      <Trans>停止中</Trans>
    </span>
  );
}

/** 算出済み, or the day since which a strike is due (highlighted). */
export function StrikeStatus({ f }: { f: Pick<TrustAdminFund, 'strikeDue' | 'lastStruck'> }) {
  if (f.strikeDue) {
    const since = formatIsoDate(f.strikeDue);
    return (
      <span className="admin-tag admin-tag--warn" data-testid="strike-due">
        <Trans>{since}から未算出</Trans>
      </span>
    );
  }
  if (!f.lastStruck) {
    return (
      <span className="admin-tag">
        <Trans>未算出</Trans>
      </span>
    );
  }
  return (
    <span className="admin-tag admin-tag--ok" data-testid="strike-ok">
      <Trans>最新</Trans>
    </span>
  );
}
