import { lazy, Suspense, useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi, Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import type { TrustDetail, TrustFundView, TrustNavPoint } from '../../../shared/api/trusts';
import { formatIsoDate, formatMoney, formatMonthName, formatNumber } from '../../../shared/money';
import { Page } from '../../components/Page';
import { EmptyView } from '../../components/EmptyView';
import { FirstLoad } from '../../components/Spinner';
import { Segmented } from '../../components/Segmented';
import { Signed } from '../../components/Signed';
import { Icon } from '../../components/Icon';
import * as icons from '../../components/icons';
import { trustDetailQuery, trustHoldingsQuery } from './api';
import { BENCHMARK_NAME, CATEGORY_NAME, CATEGORY_OBJECTIVE, formatPpm, formatWeight, NISA_REFUSAL, ppmToBp, RISK_NAME, trustName } from './labels';
import { NavLine, NisaBadges, RiskScale } from './parts';
import '../../components/positions.css';
import './trusts.css';

/** uPlot comes with the chart's own chunk, loaded when the chart first draws. */
const LazyTrustNavChart = lazy(() => import('./TrustNavChart'));

const route = getRouteApi('/home/trust');

type Range = 'm1' | 'm6' | 'y1' | 'y3' | 'inception';
const RANGE_MONTHS: Record<Range, number | null> = { m1: 1, m6: 6, y1: 12, y3: 36, inception: null };

/** The strikes of the last `months` months before the last one (all of them for 設定来). */
function cut(history: readonly TrustNavPoint[], months: number | null): readonly TrustNavPoint[] {
  const last = history.at(-1);
  if (!last || months === null) return history;
  const [y, m, d] = last.date.split('-').map(Number) as [number, number, number];
  const from = new Date(Date.UTC(y, m - 1 - months, d)).toISOString().slice(0, 10);
  return history.filter((p) => p.date >= from);
}

/** /home/trust?id= — one fund: price, chart (基準価額 and トータルリターン), 商品概要, NISA, buy / 積立 / 解約. */
export function TrustDetailScreen() {
  const { t } = useLingui();
  const { id } = route.useSearch();
  const query = useQuery({ ...trustDetailQuery(id ?? ''), enabled: !!id });
  const d = query.data;
  if (!id || !d) {
    return (
      <Page title={t`投資信託`} fallback="/home/trusts">
        {!id || query.isError ? <EmptyView icon={icons.info} text={<Trans>ファンドが見つかりません</Trans>} /> : <FirstLoad text={t`読み込み中…`} />}
      </Page>
    );
  }
  const f = d.fund;
  return (
    <Page title={t`投資信託`} fallback="/home/trusts">
      <div className="trust-detail">
        <Header f={f} />
        <NavChart d={d} />
        <Actions f={f} />
        <KeyFacts f={f} />
        <Nisa f={f} />
        <OrderRules f={f} />
        <p className="notice small" data-testid="trust-simulated">
          <Icon d={icons.info} size={18} />
          <span>
            <Trans>
              このファンドと基準価額は、模擬市場の値動きから計算したシミュレーションです。実在の投資信託ではなく、過去の値動きは将来の成果を約束するものではありません。元本は保証されません。
            </Trans>
          </span>
        </p>
      </div>
    </Page>
  );
}

function Header({ f }: { f: TrustFundView }) {
  const { i18n } = useLingui();
  return (
    <section className="card trust-head" data-testid="trust-head">
      <h1 className="trust-head__name">{trustName(f.names, i18n.locale)}</h1>
      <div className="trust-row__meta small">
        <span className="mono">{f.code}</span>
        <span>{i18n._(CATEGORY_NAME[f.category])}</span>
        <NisaBadges f={f} />
      </div>
      <div className="trust-head__price">
        <span className="small muted">
          <Trans>基準価額（1万口あたり）</Trans>
        </span>
        <NavLine f={f} large />
        <span className="small muted">
          {f.navDate ? <Trans>{formatIsoDate(f.navDate)} 時点・前日比・シミュレーション</Trans> : <Trans>設定日の基準価額（まだ算出されていません）・シミュレーション</Trans>}
        </span>
      </div>
      {f.status === 'suspended' ? (
        <p className="notice notice--warn small">
          <Icon d={icons.alert} size={18} />
          <span>
            <Trans>このファンドは現在、新規の注文と積立を受け付けていません。</Trans>
            {f.statusReason ? ` ${f.statusReason}` : ''}
          </span>
        </p>
      ) : null}
    </section>
  );
}

function NavChart({ d }: { d: TrustDetail }) {
  const { t } = useLingui();
  const [range, setRange] = useState<Range>('y1');
  const points = useMemo(() => cut(d.history, RANGE_MONTHS[range]), [d.history, range]);
  const ret = d.fund.returns[range];
  return (
    <section className="card trust-chart" aria-label={t`基準価額の推移`}>
      <h2 className="card__title">
        <Trans>基準価額の推移</Trans>
      </h2>
      <Segmented<Range>
        label={t`期間`}
        className="segmented--chips trust-range"
        value={range}
        onChange={setRange}
        options={[
          { value: 'm1', label: t`1ヶ月` },
          { value: 'm6', label: t`6ヶ月` },
          { value: 'y1', label: t`1年` },
          { value: 'y3', label: t`3年` },
          { value: 'inception', label: t`設定来` },
        ]}
      />
      {points.length >= 2 ? (
        <Suspense fallback={<div style={{ height: 180 }} />}>
          <LazyTrustNavChart points={points} height={180} label={t`基準価額とトータルリターンの推移のグラフ`} />
        </Suspense>
      ) : (
        <p className="small muted trust-chart__empty" data-testid="trust-chart-empty">
          <Trans>基準価額の推移は2営業日目から表示されます。</Trans>
        </p>
      )}
      <div className="trust-legend small">
        <span className="trust-legend__item">
          <i className="trust-legend__swatch trust-legend__swatch--nav" aria-hidden="true" />
          <Trans>基準価額</Trans>
        </span>
        <span className="trust-legend__item">
          <i className="trust-legend__swatch trust-legend__swatch--tr" aria-hidden="true" />
          <Trans>トータルリターン（分配金再投資）</Trans>
        </span>
      </div>
      <dl className="kv small">
        <dt>
          <Trans>期間のトータルリターン</Trans>
        </dt>
        <dd data-testid="trust-period-return">{ret === null ? <Trans>期間の途中で設定</Trans> : <Signed value={ppmToBp(ret)} bp strong={false} />}</dd>
      </dl>
      <p className="small muted">
        <Trans>1万口あたり・シミュレーション。トータルリターンは分配金を受け取らず再投資したとした場合の値です。</Trans>
      </p>
    </section>
  );
}

function Actions({ f }: { f: TrustFundView }) {
  const holdings = useQuery(trustHoldingsQuery());
  const held = (holdings.data?.items ?? []).filter((h) => h.fundId === f.id && h.units > h.pendingSellUnits);
  const open = f.status === 'open';
  return (
    <div className="trust-buttons">
      {open ? (
        <Link to="/home/trustOrder" search={{ id: f.id, side: 'buy' }} className="btn btn--primary" data-testid="trust-buy">
          <Trans>買付</Trans>
        </Link>
      ) : (
        <button type="button" className="btn btn--primary" disabled>
          <Trans>買付</Trans>
        </button>
      )}
      {open ? (
        <Link to="/home/tsumitatePlan" search={{ fund: f.id }} className="btn btn--secondary" data-testid="trust-plan">
          <Trans>積立設定</Trans>
        </Link>
      ) : null}
      {held.length > 0 ? (
        <Link
          to="/home/trustOrder"
          search={{ id: f.id, side: 'sell', account: held.length === 1 ? held[0]!.account : undefined }}
          className="btn btn--secondary"
          data-testid="trust-sell"
        >
          <Trans>解約</Trans>
        </Link>
      ) : null}
    </div>
  );
}

function KeyFacts({ f }: { f: TrustFundView }) {
  const { t, i18n } = useLingui();
  const r = f.distribution;
  const day = r?.day ?? 0;
  const months = r ? r.months.map((m) => formatMonthName(m, i18n.locale)).join('・') : '';
  const count = r?.months.length ?? 0;
  const per10k = formatMoney(r?.per10k ?? 0);
  const rate = formatPpm(r?.ppm ?? 0);
  const dist = r
    ? {
        when: count >= 12 ? t`毎月${day}日（毎月分配型）` : t`年${count}回（${months}の${day}日）`,
        amount: r.kind === 'fixed' ? t`1万口あたり${per10k}（基準価額がそれを下回るときは減額）` : t`分配前の基準価額の${rate}（1万口あたり、円未満切り捨て）`,
      }
    : null;
  return (
    <section className="card" aria-label={t`商品概要`} data-testid="trust-facts">
      <h2 className="card__title">
        <Trans>商品概要</Trans>
      </h2>
      <p className="small">
        <b>{i18n._(CATEGORY_NAME[f.category])}</b>
        <Trans context="label separator">：</Trans>
        {i18n._(CATEGORY_OBJECTIVE[f.category])}
      </p>
      <dl className="kv small trust-facts">
        <dt>
          <Trans>ベンチマーク</Trans>
        </dt>
        <dd>{f.benchmark ? (BENCHMARK_NAME[f.benchmark] ? i18n._(BENCHMARK_NAME[f.benchmark]!) : f.benchmark) : <Trans>なし</Trans>}</dd>
        <dt>
          <Trans>組入資産（毎日この割合に調整）</Trans>
        </dt>
        <dd>
          <ul className="trust-basket">
            {f.basket.map((s, i) => (
              <li key={`${s.code ?? 'bond'}-${i}`}>
                {s.kind === 'bond' ? (
                  <Trans>債券（利回り 年{formatPpm(s.yieldPpm ?? 0)}）</Trans>
                ) : s.code && BENCHMARK_NAME[s.code] ? (
                  i18n._(BENCHMARK_NAME[s.code]!)
                ) : (
                  <span className="mono">{s.code}</span>
                )}{' '}
                <span className="mono">{formatWeight(s.weightPpm)}</span>
              </li>
            ))}
          </ul>
        </dd>
        <dt>
          <Trans>信託報酬（年率・税込）</Trans>
        </dt>
        <dd className="mono">{formatPpm(f.trustFeePpm)}</dd>
        <dt>
          <Trans>購入時手数料（税込）</Trans>
        </dt>
        <dd className="mono">{f.purchaseFeePpm > 0 ? formatPpm(f.purchaseFeePpm) : <Trans>なし（ノーロード）</Trans>}</dd>
        <dt>
          <Trans>信託財産留保額</Trans>
        </dt>
        <dd className="mono">{f.retentionPpm > 0 ? formatPpm(f.retentionPpm) : <Trans>なし</Trans>}</dd>
        <dt>
          <Trans>決算・分配</Trans>
        </dt>
        <dd>{dist ? dist.when : <Trans>分配は行いません（収益は基準価額に反映）</Trans>}</dd>
        {dist ? (
          <>
            <dt>
              <Trans>分配金額の方針</Trans>
            </dt>
            <dd>{dist.amount}</dd>
            <dt>
              <Trans>分配金の受取方法</Trans>
            </dt>
            <dd>{f.reinvest ? <Trans>再投資（税引後の分配金で口数を買付）</Trans> : <Trans>受取（税引後の分配金を現金で受取）</Trans>}</dd>
          </>
        ) : null}
        <dt>
          <Trans>設定日</Trans>
        </dt>
        <dd className="mono">{formatIsoDate(f.inception)}</dd>
        <dt>
          <Trans>信託期間</Trans>
        </dt>
        <dd>{f.termEnd ? <Trans>{formatIsoDate(f.termEnd)} まで</Trans> : <Trans>無期限</Trans>}</dd>
        <dt>
          <Trans>純資産総額</Trans>
        </dt>
        <dd className="mono">{formatMoney(f.assets)}</dd>
        <dt>
          <Trans>総口数</Trans>
        </dt>
        <dd className="mono">
          <Trans>{formatNumber(f.units)}口</Trans>
        </dd>
        <dt>
          <Trans>解約代金の受渡</Trans>
        </dt>
        <dd>
          <Trans>約定日から{f.settleDays}営業日目</Trans>
        </dd>
        <dt>
          <Trans>外貨建資産</Trans>
        </dt>
        <dd>{f.foreignAssets ? <Trans>あり（為替変動の影響を受けます）</Trans> : <Trans>なし</Trans>}</dd>
        <dt>
          <Trans>積立人数</Trans>
        </dt>
        <dd className="mono">
          <Trans>{formatNumber(f.planCount)}人</Trans>
        </dd>
      </dl>
      <div className="trust-risk">
        <span className="small muted">
          <Trans>リスク区分</Trans>
        </span>
        <RiskScale risk={f.risk} />
        <span className="small">{RISK_NAME[f.risk] ? i18n._(RISK_NAME[f.risk]!) : null}</span>
      </div>
      <p className="small muted">
        <Trans>リスク区分は基準価額の値動きの大きさの目安で、1（小さい）から5（大きい）の5段階です。</Trans>
      </p>
    </section>
  );
}

function Nisa({ f }: { f: TrustFundView }) {
  const { t, i18n } = useLingui();
  const growth = f.eligibility.nisa_growth;
  const tsumitate = f.eligibility.nisa_tsumitate;
  return (
    <section className="card" aria-label={t`NISAの対象`} data-testid="trust-nisa">
      <h2 className="card__title">
        <Trans>NISAの対象</Trans>
      </h2>
      <dl className="kv small trust-facts">
        <dt>
          <Trans>成長投資枠</Trans>
        </dt>
        <dd data-testid="trust-nisa-growth">{growth === null ? <Trans context="nisa eligibility">対象</Trans> : i18n._(NISA_REFUSAL[growth])}</dd>
        <dt>
          <Trans>つみたて投資枠</Trans>
        </dt>
        <dd data-testid="trust-nisa-tsumitate">{tsumitate === null ? <Trans>対象（積立でのみ購入できます）</Trans> : i18n._(NISA_REFUSAL[tsumitate])}</dd>
      </dl>
      <p className="small muted">
        <Trans>
          つみたて投資枠の対象は、指定インデックス投資信託（またはその組み合わせのバランス型）で、購入時手数料がなく、信託報酬が上限以下、毎月分配型でなく、信託期間が20年以上か無期限のファンドです。成長投資枠は毎月分配型・信託期間20年未満・レバレッジ型を除きます。
        </Trans>
      </p>
    </section>
  );
}

function OrderRules({ f }: { f: TrustFundView }) {
  const { t } = useLingui();
  return (
    <section className="card" aria-label={t`注文のルール`}>
      <h2 className="card__title">
        <Trans>注文のルール（ブラインド方式）</Trans>
      </h2>
      <ul className="small trust-rules">
        <li>
          <Trans>営業日の15:30までの注文は当日の基準価額で、15:30以降と休業日の注文は翌営業日の基準価額で約定します。注文の時点では約定する基準価額はわかりません。</Trans>
        </li>
        <li>
          <Trans>基準価額は営業日の17:00以降に算出します。取消は約定日の15:30までできます。</Trans>
        </li>
        <li>
          <Trans>買付は金額指定（100円以上1円単位、購入時手数料を含む）か口数指定です。注文時に代金を拘束し、約定時に精算します。</Trans>
        </li>
        <li>
          <Trans>解約は口数指定か全部です。解約代金は約定日から{f.settleDays}営業日目にお支払いします。</Trans>
        </li>
      </ul>
    </section>
  );
}
