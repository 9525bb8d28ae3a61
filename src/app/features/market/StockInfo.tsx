import { useState, type ReactNode } from 'react';
import { useIsRestoring, useQuery, type UseQueryResult } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { EmptyView } from '../../components/EmptyView';
import { useOnline } from '../../query/online';
import { direction, formatCompact, formatDateTime, formatInt, formatMonthName, formatPercent, formatPrice, formatX100, formatYenCompact } from '../../../shared/money';
import { useMarketLabels } from './labels';
import { instrumentName } from './names';
import { SimNote, TabList } from './parts';
import { alertsQuery, companyQuery, insightsQuery, type CompanyData, type InsightsData, type StockAlerts } from './api';

export const INFO_TABS = ['profile', 'short', 'investors', 'ranking', 'industry', 'alerts'] as const;
export type InfoTab = (typeof INFO_TABS)[number];

/** Loading / offline / error states of a panel's query; the content once there is data. */
function Loaded<T>({ query, children }: { query: UseQueryResult<T>; children: (data: T) => ReactNode }) {
  const online = useOnline();
  const restoring = useIsRestoring();
  if (query.data !== undefined) return <>{children(query.data)}</>;
  if (!restoring && (query.isError || !online)) {
    return (
      <EmptyView
        compact
        text={online ? <Trans>読み込めませんでした</Trans> : <Trans>オフラインのため、まだ表示できません</Trans>}
      />
    );
  }
  return (
    <p className="mk-muted" aria-busy="true">
      <Trans>読み込み中…</Trans>
    </p>
  );
}

function KV({ items, one = false }: { items: [ReactNode, ReactNode, string?][]; one?: boolean }) {
  return (
    <dl className={one ? 'mk-kv mk-kv--one' : 'mk-kv'}>
      {items.map(([k, v, cls], i) => (
        <div key={i}>
          <dt>{k}</dt>
          <dd className={cls}>{v}</dd>
        </div>
      ))}
    </dl>
  );
}

const pct = (bp: number | null | undefined) => formatPercent(bp, { sign: false });
const times = (x100: number | null | undefined) => (x100 == null ? '—' : `${formatX100(x100)}×`);

function Profile({ data }: { data: CompanyData }) {
  const { i18n } = useLingui();
  const locale = i18n.locale || 'ja';
  const labels = useMarketLabels();
  const ps = data.priceScale;
  const sector = locale === 'ja' ? data.sectorNameJa : data.sectorNameEn;
  const fyEnd = formatMonthName(data.fiscalYearEndMonth, locale);
  const years = data.financials;
  const rows: [ReactNode, (f: CompanyData['financials'][number]) => string][] = [
    [<Trans key="r">売上高</Trans>, (f) => formatYenCompact(f.revenue, locale)],
    [<Trans key="o">営業利益</Trans>, (f) => formatYenCompact(f.operatingIncome, locale)],
    [<Trans key="n">純利益</Trans>, (f) => formatYenCompact(f.netIncome, locale)],
    [<Trans key="a">総資産</Trans>, (f) => formatYenCompact(f.totalAssets, locale)],
    [<Trans key="e">純資産</Trans>, (f) => formatYenCompact(f.equity, locale)],
    [<Trans key="eps">EPS（円）</Trans>, (f) => formatPrice(f.eps, ps)],
    [<Trans key="bps">BPS（円）</Trans>, (f) => formatPrice(f.bps, ps)],
    [<Trans key="d">1株配当（円）</Trans>, (f) => formatPrice(f.dividendPerShare, ps)],
    [<Trans key="roe">ROE</Trans>, (f) => pct(f.roeBp)],
  ];
  return (
    <>
      <SimNote>
        <Trans>企業情報と財務はシミュレーションによる架空の数値です。</Trans>
      </SimNote>
      <KV
        items={[
          [<Trans key="s">業種</Trans>, sector],
          [<Trans key="m">市場区分</Trans>, labels.segment(data.segment)],
          [<Trans key="f">設立</Trans>, String(data.founded)],
          [<Trans key="em">従業員数</Trans>, formatInt(data.employees)],
          [<Trans key="fy">決算月</Trans>, fyEnd],
          [<Trans key="so">発行済株式数</Trans>, formatCompact(data.sharesOutstanding, locale)],
          [<Trans key="mv">時価総額</Trans>, formatYenCompact(data.marketValue, locale)],
          [<Trans key="per">PER</Trans>, times(data.valuation.perX100)],
          [<Trans key="pbr">PBR</Trans>, times(data.valuation.pbrX100)],
          [<Trans key="dy">配当利回り</Trans>, pct(data.valuation.dividendYieldBp)],
        ]}
      />
      <div className="tbl-wrap">
        <table className="tbl">
          <caption>
            <Trans>業績推移（決算期）</Trans>
          </caption>
          <thead>
            <tr>
              <th scope="col">
                <Trans>項目</Trans>
              </th>
              {years.map((f) => (
                <th key={f.periodEnd} scope="col">
                  {f.periodEnd.slice(0, 7).replace('-', '.')}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map(([label, fmt], i) => (
              <tr key={i}>
                <th scope="row">{label}</th>
                {years.map((f) => (
                  <td key={f.periodEnd}>{fmt(f)}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

function ShortSelling({ data }: { data: InsightsData }) {
  const s = data.shortSelling;
  const asOf = s.asOf.replaceAll('-', '.');
  return (
    <>
      <SimNote>
        <Trans>信用残・空売り比率はシミュレーションによる架空の数値です。</Trans>
      </SimNote>
      <KV
        items={[
          [<Trans key="b">信用買残</Trans>, formatInt(s.marginBuy)],
          [<Trans key="s">信用売残</Trans>, formatInt(s.marginSell)],
          [<Trans key="r">信用倍率</Trans>, times(s.ratioX100)],
          [<Trans key="ss">空売り比率</Trans>, pct(s.shortSellRatioBp)],
        ]}
      />
      <p className="mk-muted">
        <Trans>{asOf} 時点（株数）</Trans>
      </p>
      <div className="tbl-wrap">
        <table className="tbl">
          <caption>
            <Trans>信用残の推移（週次）</Trans>
          </caption>
          <thead>
            <tr>
              <th scope="col">
                <Trans>週</Trans>
              </th>
              <th scope="col">
                <Trans>買残</Trans>
              </th>
              <th scope="col">
                <Trans>売残</Trans>
              </th>
              <th scope="col">
                <Trans>倍率</Trans>
              </th>
            </tr>
          </thead>
          <tbody>
            {[...s.weeks].reverse().map((w) => (
              <tr key={w.week}>
                <td>{w.week.replaceAll('-', '.')}</td>
                <td>{formatInt(w.marginBuy)}</td>
                <td>{formatInt(w.marginSell)}</td>
                <td>{times(w.ratioX100)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

function Investors({ data }: { data: InsightsData }) {
  const { i18n } = useLingui();
  const locale = i18n.locale || 'ja';
  const labels = useMarketLabels();
  const weeks = data.investorTrends.weeks.slice(-4).reverse();
  const investors = weeks[0]?.flows.map((f) => f.investor) ?? [];
  const signed = (n: number) => `${n > 0 ? '+' : ''}${formatYenCompact(n, locale)}`;
  return (
    <>
      <SimNote>
        <Trans>投資主体別の売買はシミュレーションによる架空の数値です。</Trans>
      </SimNote>
      {weeks.length === 0 ? (
        <EmptyView compact text={<Trans>データがありません</Trans>} />
      ) : (
        <div className="tbl-wrap">
          <table className="tbl">
            <caption>
              <Trans>投資主体別の差引（買い − 売り）</Trans>
            </caption>
            <thead>
              <tr>
                <th scope="col">
                  <Trans>投資主体</Trans>
                </th>
                {weeks.map((w) => (
                  <th key={w.week} scope="col">
                    {w.week.slice(5).replace('-', '/')}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {investors.map((inv) => (
                <tr key={inv}>
                  <th scope="row">{labels.investor(inv)}</th>
                  {weeks.map((w) => {
                    const net = w.flows.find((f) => f.investor === inv)?.net ?? 0;
                    return (
                      <td key={w.week} className={direction(net)}>
                        {signed(net)}
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}

function Ranking({ data }: { data: InsightsData }) {
  const { i18n } = useLingui();
  const locale = i18n.locale || 'ja';
  const r = data.ranking;
  const sector = locale === 'ja' ? r.sectorNameJa : r.sectorNameEn;
  const place = (m: { rank: number; of: number }) => {
    const rank = m.rank;
    const of = m.of;
    return <Trans>{rank} 位 / {of} 社</Trans>;
  };
  return (
    <>
      <SimNote>
        <Trans>シミュレーションの相場から算出した順位です。</Trans>
      </SimNote>
      <p className="section-title">
        <Trans>業種内ランキング: {sector}</Trans>
      </p>
      <KV
        one
        items={[
          [<Trans key="mv">時価総額</Trans>, <>{formatYenCompact(r.marketValue.value, locale)} · {place(r.marketValue)}</>],
          [<Trans key="c">騰落率</Trans>, <>{formatPercent(r.changeBp.value)} · {place(r.changeBp)}</>, direction(r.changeBp.value)],
          [<Trans key="t">売買代金</Trans>, <>{formatYenCompact(r.turnover.value, locale)} · {place(r.turnover)}</>],
          [<Trans key="d">配当利回り</Trans>, <>{pct(r.dividendYieldBp.value)} · {place(r.dividendYieldBp)}</>],
        ]}
      />
    </>
  );
}

function Industry({ data }: { data: InsightsData }) {
  const { i18n } = useLingui();
  const locale = i18n.locale || 'ja';
  const ind = data.industry;
  return (
    <>
      <SimNote>
        <Trans>同業他社との比較（シミュレーションの数値）。</Trans>
      </SimNote>
      <div className="tbl-wrap">
        <table className="tbl tbl--names">
          <thead>
            <tr>
              <th scope="col">
                <Trans>銘柄</Trans>
              </th>
              <th scope="col">
                <Trans>時価総額</Trans>
              </th>
              <th scope="col">
                <Trans>騰落率</Trans>
              </th>
              <th scope="col">PER</th>
              <th scope="col">PBR</th>
              <th scope="col">
                <Trans>利回り</Trans>
              </th>
            </tr>
          </thead>
          <tbody>
            {ind.peers.map((p) => (
              <tr key={p.code} className={p.code === ind.self.code ? 'is-self' : undefined}>
                <td>
                  {instrumentName(p, locale)}
                  <span className="tbl__code">{p.code}</span>
                </td>
                <td>{formatYenCompact(p.marketValue, locale)}</td>
                <td className={direction(p.changeBp)}>{formatPercent(p.changeBp)}</td>
                <td>{formatX100(p.perX100)}</td>
                <td>{formatX100(p.pbrX100)}</td>
                <td>{pct(p.dividendYieldBp)}</td>
              </tr>
            ))}
            <tr>
              <td>
                <Trans>業種中央値</Trans>
              </td>
              <td>{formatYenCompact(ind.median.marketValue, locale)}</td>
              <td className={direction(ind.median.changeBp)}>{formatPercent(ind.median.changeBp)}</td>
              <td>{formatX100(ind.median.perX100)}</td>
              <td>{formatX100(ind.median.pbrX100)}</td>
              <td>{pct(ind.median.dividendYieldBp)}</td>
            </tr>
          </tbody>
        </table>
      </div>
    </>
  );
}

function Alerts({ data }: { data: StockAlerts }) {
  const { i18n } = useLingui();
  const locale = i18n.locale || 'ja';
  const labels = useMarketLabels();
  const asOf = formatDateTime(data.at);
  const valueOf = (a: StockAlerts['alerts'][number]) =>
    a.kind === 'volume_spike' ? `${formatX100(a.value)}×` : formatPercent(a.value);
  return (
    <>
      <SimNote>
        <Trans>シミュレーションの相場から検出したアラートです。</Trans>
      </SimNote>
      <KV
        items={[
          [<Trans key="c">騰落率</Trans>, formatPercent(data.changeBp), direction(data.changeBp)],
          [<Trans key="c5">5分間の変化</Trans>, formatPercent(data.change5mBp), direction(data.change5mBp)],
          [<Trans key="v">出来高</Trans>, formatCompact(data.volume, locale)],
          [<Trans key="vr">20日平均比</Trans>, data.volumeRatioX100 == null ? '—' : `${formatX100(data.volumeRatioX100)}×`],
        ]}
      />
      {data.alerts.length === 0 ? (
        <EmptyView compact text={<Trans>現在、アラートはありません</Trans>} />
      ) : (
        <ul className="alert-list">
          {data.alerts.map((a) => (
            <li key={a.kind} className="alert-item">
              <strong>{labels.alert(a.kind)}</strong>
              <span className={`num ${direction(a.kind === 'volume_spike' ? 1 : a.value)}`}>{valueOf(a)}</span>
            </li>
          ))}
        </ul>
      )}
      <p className="mk-muted">
        <Trans>{asOf} 時点</Trans>
      </p>
    </>
  );
}

/**
 * The stock-detail tabs: profile and financials, short selling, investor trends, ranking, industry
 * comparison, alerts. Every panel says its figures are simulated. Each panel loads when opened.
 */
export function StockInfo({ code }: { code: string }) {
  const { t } = useLingui();
  const [tab, setTab] = useState<InfoTab>('profile');
  const company = useQuery({ ...companyQuery(code), enabled: tab === 'profile' });
  const insights = useQuery({ ...insightsQuery(code), enabled: ['short', 'investors', 'ranking', 'industry'].includes(tab) });
  const alerts = useQuery({ ...alertsQuery(code), enabled: tab === 'alerts' });
  const items: { id: InfoTab; label: string }[] = [
    { id: 'profile', label: t`企業情報` },
    { id: 'short', label: t`信用・空売り` },
    { id: 'investors', label: t`投資主体別` },
    { id: 'ranking', label: t`ランキング` },
    { id: 'industry', label: t`業種比較` },
    { id: 'alerts', label: t`アラート` },
  ];
  return (
    <section aria-label={t`銘柄情報`}>
      <TabList items={items} value={tab} onChange={setTab} label={t`銘柄情報`} idPrefix="info" small />
      <div id="info-panel" role="tabpanel" aria-labelledby={`info-tab-${tab}`} className="info-tabs__panel">
        {tab === 'profile' ? (
          <Loaded query={company}>{(d) => <Profile data={d} />}</Loaded>
        ) : tab === 'alerts' ? (
          <Loaded query={alerts}>{(d) => <Alerts data={d} />}</Loaded>
        ) : (
          <Loaded query={insights}>
            {(d) =>
              tab === 'short' ? (
                <ShortSelling data={d} />
              ) : tab === 'investors' ? (
                <Investors data={d} />
              ) : tab === 'ranking' ? (
                <Ranking data={d} />
              ) : (
                <Industry data={d} />
              )
            }
          </Loaded>
        )}
      </div>
    </section>
  );
}
