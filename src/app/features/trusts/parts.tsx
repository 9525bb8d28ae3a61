import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import type { TrustFundView } from '../../../shared/api/trusts';
import { formatIsoDate, formatMoney, formatNumber } from '../../../shared/money';
import { Signed } from '../../components/Signed';
import { CATEGORY_NAME, formatPpm, ppmToBp, RISK_NAME, trustName } from './labels';
import './badges.css';

/*
 * Small pieces the three 投資信託 screens share: the NISA badges, the リスク区分 scale, the price line
 * (基準価額 per 10,000口 with its day's change) and a catalogue row.
 */

/** The NISA frames a fund may be bought in (つみたて through a plan only). Nothing when neither. */
export function NisaBadges({ f }: { f: Pick<TrustFundView, 'eligibility'> }) {
  const growth = f.eligibility.nisa_growth === null;
  const tsumitate = f.eligibility.nisa_tsumitate === null;
  if (!growth && !tsumitate) return null;
  return (
    <span className="trust-badges">
      {growth ? (
        <span className="trust-badge" data-frame="nisa_growth">
          <Trans>NISA成長</Trans>
        </span>
      ) : null}
      {tsumitate ? (
        <span className="trust-badge" data-frame="nisa_tsumitate">
          <Trans>NISAつみたて</Trans>
        </span>
      ) : null}
    </span>
  );
}

/** リスク区分 1–5 as five steps, the fund's filled (the number and its word carry the meaning too). */
export function RiskScale({ risk, compact = false }: { risk: number; compact?: boolean }) {
  const { t, i18n } = useLingui();
  const word = RISK_NAME[risk] ? i18n._(RISK_NAME[risk]) : '';
  return (
    <span className={`risk-scale${compact ? ' risk-scale--compact' : ''}`} role="img" aria-label={t`リスク区分 ${risk}（5段階）${word}`}>
      {[1, 2, 3, 4, 5].map((n) => (
        <i key={n} className={n <= risk ? 'risk-scale__step risk-scale__step--on' : 'risk-scale__step'} aria-hidden="true" />
      ))}
      <span className="risk-scale__num mono" aria-hidden="true">
        {risk}
      </span>
    </span>
  );
}

/** 基準価額 (per 10,000口) and the change from the previous strike. */
export function NavLine({ f, large = false }: { f: Pick<TrustFundView, 'nav' | 'change' | 'navDate'>; large?: boolean }) {
  return (
    <span className={`trust-nav${large ? ' trust-nav--lg' : ''}`}>
      <span className="trust-nav__price mono">{formatMoney(f.nav)}</span>
      <Signed value={f.navDate ? f.change : null} strong={false} />
    </span>
  );
}

/** One fund of the catalogue, a link to its page. */
export function TrustRow({ f }: { f: TrustFundView }) {
  const { i18n } = useLingui();
  return (
    <Link to="/home/trust" search={{ id: f.id }} className="pos trust-row" data-testid={`trust-${f.id}`}>
      <div className="pos__head">
        <span className="pos__name">{trustName(f.names, i18n.locale)}</span>
      </div>
      <div className="trust-row__meta small">
        <span className="mono">{f.code}</span>
        <span>{i18n._(CATEGORY_NAME[f.category])}</span>
        {f.status === 'suspended' ? (
          <span className="tag">
            <Trans>受付停止中</Trans>
          </span>
        ) : null}
        <NisaBadges f={f} />
      </div>
      <dl className="trust-figures">
        <div className="trust-figures__nav">
          <dt>
            <Trans>基準価額（1万口）</Trans>
          </dt>
          <dd>
            <NavLine f={f} />
          </dd>
        </div>
        <div>
          <dt>
            <Trans>1年リターン</Trans>
          </dt>
          <dd>
            <Signed value={ppmToBp(f.returns.y1)} bp strong={false} arrows={false} />
          </dd>
        </div>
        <div>
          <dt>
            <Trans>信託報酬</Trans>
          </dt>
          <dd className="mono">{formatPpm(f.trustFeePpm)}</dd>
        </div>
        <div>
          <dt>
            <Trans>純資産総額</Trans>
          </dt>
          <dd className="mono">{formatMoney(f.assets)}</dd>
        </div>
        <div>
          <dt>
            <Trans>リスク</Trans>
          </dt>
          <dd>
            <RiskScale risk={f.risk} compact />
          </dd>
        </div>
        <div>
          <dt>
            <Trans>積立人数</Trans>
          </dt>
          <dd className="mono">
            <Trans>{formatNumber(f.planCount)}人</Trans>
          </dd>
        </div>
      </dl>
      {f.navDate ? (
        <p className="trust-row__date small muted">
          <Trans>{formatIsoDate(f.navDate)} 時点・シミュレーション</Trans>
        </p>
      ) : null}
    </Link>
  );
}
