import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { strategiesApi, type StrategyHolding } from '../../../shared/api/strategies';
import { formatIsoDate, formatMoney, formatNumber } from '../../../shared/money';
import { endpointQuery } from '../../api/query';
import { Signed } from '../../components/Signed';
import { HOLDING_STATUS, fundName } from './labels';
import '../../components/positions.css';
import './fund-list.css';

/** The user's fund holdings (GET strategies/holdings), persisted like the other lists. */
export function strategyHoldingsQuery() {
  return endpointQuery(strategiesApi.holdings, {}, { staleTime: 0, refetchInterval: 60_000 });
}

const ENDED = new Set(['redeemed', 'terminated']);

/**
 * The mine screen's ファンド card: holdings in progress (申込中, 保有中, 解約受付中) with units and
 * value at the latest NAV, and the ended ones with what was paid out. Hidden until the user has one.
 */
export function MyFundHoldings() {
  const { t } = useLingui();
  const query = useQuery(strategyHoldingsQuery());
  const items = query.data?.items ?? [];
  if (items.length === 0) return null;
  const running = items.filter((h) => !ENDED.has(h.status));
  const ended = items.filter((h) => ENDED.has(h.status));
  return (
    <section className="card fund-holdings" aria-label={t`ファンド`} data-testid="my-fund-holdings">
      <h2 className="card__title">
        <Trans>ファンド（運用中）</Trans>
      </h2>
      {running.length === 0 ? (
        <p className="small muted">
          <Trans>運用中のファンドはありません</Trans>
        </p>
      ) : (
        running.map((h) => <HoldingRow key={h.id} h={h} />)
      )}
      {ended.length ? (
        <>
          <h2 className="card__title">
            <Trans>ファンド（終了）</Trans>
          </h2>
          {ended.map((h) => (
            <HoldingRow key={h.id} h={h} />
          ))}
        </>
      ) : null}
    </section>
  );
}

/** The holding's fund name in the reader's language. */
export function holdingFundName(h: StrategyHolding, locale: string): string {
  return fundName({ name: h.fundName, nameEn: h.fundNameEn, nameZhHant: h.fundNameZhHant, nameKo: h.fundNameKo }, locale);
}

function HoldingRow({ h }: { h: StrategyHolding }) {
  const { i18n } = useLingui();
  const ended = ENDED.has(h.status);
  return (
    <Link to="/home/strategy" search={{ id: h.fundId }} className="fund-holding" data-testid={`holding-${h.id}`}>
      <div className="fund-card__head">
        <span className="fund-card__name">{holdingFundName(h, i18n.locale)}</span>
        <span className={`status status--fund-${h.status}`}>{i18n._(HOLDING_STATUS[h.status])}</span>
      </div>
      <dl className="kv small">
        {h.status === 'pending' ? (
          <>
            <dt>
              <Trans>申込金額（次の基準価額で約定）</Trans>
            </dt>
            <dd className="mono">{formatMoney(h.amount)}</dd>
          </>
        ) : (
          <>
            <dt>
              <Trans>保有口数</Trans>
            </dt>
            <dd className="mono" data-testid="holding-units">
              <Trans>{formatNumber(h.units)}口</Trans>
            </dd>
            <dt>{ended ? <Trans>受取金額</Trans> : <Trans>評価額（基準価額 {formatMoney(h.nav)}）</Trans>}</dt>
            <dd className="mono" data-testid="holding-value">
              {formatMoney(h.value)}
            </dd>
            <dt>
              <Trans>評価損益</Trans>
            </dt>
            <dd>
              <Signed value={h.value - h.amount} strong={false} />
            </dd>
            {h.lockedUntil && !ended ? (
              <>
                <dt>
                  <Trans>解約できる日</Trans>
                </dt>
                <dd className="mono">{formatIsoDate(h.lockedUntil)}</dd>
              </>
            ) : null}
          </>
        )}
      </dl>
    </Link>
  );
}
