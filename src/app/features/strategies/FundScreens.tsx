import { lazy, Suspense, useCallback, useState } from 'react';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { fundsApi } from '../../../shared/api/funds';
import { NAV_UNITS, strategiesApi, type StrategyDetail, type StrategyHolding, type StrategyKind, type StrategySummary } from '../../../shared/api/strategies';
import { formatDateTime, formatIsoDate, formatMoney, formatNumber, formatPercent, formatPriceYen } from '../../../shared/money';
import { useMoneyCommand } from '../../api/money-command';
import { translateMessage } from '../../i18n/translate';
import { getLanguage } from '../../storage';
import { endpointArea, endpointQuery } from '../../api/query';
import { Page } from '../../components/Page';
import { EmptyView } from '../../components/EmptyView';
import { FirstLoad } from '../../components/Spinner';
import { Signed } from '../../components/Signed';
import { Icon } from '../../components/Icon';
import * as icons from '../../components/icons';
import { toast } from '../../components/Toast';
import { ActionDialog } from '../../components/ConfirmDialog';
import { TextField } from '../../components/forms/Field';
import { FundCard, FundList } from './FundList';
import { strategyHoldingsQuery } from './MyFundHoldings';
import { ModelRecord } from './ModelRecord';
import { HOLDING_STATUS, RULE_NAME, fundName } from './labels';
import { displayName } from '../../../shared/market/local-names';
import './strategies.css';

/** uPlot comes with the chart's own chunk, as on the home screen's 資産推移 (features/funds/AssetHistoryChart.tsx). */
const LazyNavChart = lazy(() => import('../funds/AssetHistoryChart'));

/** /home/qcList (quant) and /home/fllow (follow-order): the funds of one kind. */
export function FundListScreen({ kind }: { kind: StrategyKind }) {
  const { t } = useLingui();
  return (
    <Page title={kind === 'quant' ? t`クオンツファンド` : t`フォロー注文ファンド`} fallback="/home/index">
      <p className="notice">
        <Icon d={icons.info} size={18} />
        <span>
          {kind === 'quant' ? (
            <Trans>クオンツファンドは、公開したルールに従って模擬市場で実際に売買します。成績はすべて実際の約定から計算した過去の実績です。</Trans>
          ) : (
            <Trans>フォロー注文ファンドは、名前を明示したモデルポートフォリオの売買を資産規模に合わせて比例で再現します。成績は実際の約定から計算した過去の実績です。</Trans>
          )}
        </span>
      </p>
      <FundList kind={kind} />
    </Page>
  );
}

export function strategyDetailQuery(id: string, opts: { silent?: boolean } = {}) {
  return endpointQuery(strategiesApi.detail, { params: { id } }, { silent: opts.silent, staleTime: 15_000, refetchInterval: 60_000 });
}

/** The route loader's prefetch (non-blocking). */
export function prefetchStrategy(client: QueryClient, id: string | undefined) {
  if (id) void client.prefetchQuery(strategyDetailQuery(id, { silent: true }));
}

/** Parameter names as shown next to their values. */
const PARAM_LABEL: Record<string, MessageDescriptor> = {
  index: msg({ message: '対象指数' }),
  basket: msg({ message: '組入銘柄' }),
  universe: msg({ message: '対象銘柄' }),
  lookback: msg({ message: '計測期間（営業日）' }),
  top: msg({ message: '保有銘柄数' }),
  entryBp: msg({ message: '買いの条件（移動平均からの下方乖離）' }),
  exitBp: msg({ message: '売りの条件（移動平均からの上方乖離）' }),
  weights: msg({ message: 'モデルの構成比' }),
  cashBufferBp: msg({ message: '現金として残す割合' }),
};

function paramValue(key: string, v: number | string | string[]): string {
  if (Array.isArray(v)) return v.map((x) => (key === 'weights' ? `${x.split(':')[0]} ${formatPercent(Number(x.split(':')[1]), { sign: false })}` : x)).join('、');
  if (typeof v === 'number' && key.endsWith('Bp')) return formatPercent(v, { sign: false });
  return typeof v === 'number' ? formatNumber(v) : v;
}

/** /home/strategy?id= — one fund: its rules, past results, NAV chart, holdings and trades; subscribe. */
export function FundDetailScreen({ id }: { id: string | undefined }) {
  const { t, i18n } = useLingui();
  const query = useQuery({ ...strategyDetailQuery(id ?? ''), enabled: !!id });
  const d = query.data;
  if (!id || !d) {
    return (
      <Page title={t`ファンド`} fallback="/home/qcList">
        {!id || query.isError ? <EmptyView icon={icons.info} text={<Trans>ファンドが見つかりません</Trans>} /> : <FirstLoad text={t`読み込み中…`} />}
      </Page>
    );
  }
  return (
    <Page title={fundName(d.fund, i18n.locale)} fallback={d.fund.kind === 'quant' ? '/home/qcList' : '/home/fllow'}>
      <div className="fund-detail">
        <ul className="fund-list">
          <li className="card">
            <FundCard f={d.fund} link={false} />
          </li>
        </ul>
        <PastResults d={d} />
        <ModelRecord d={d} />
        <Rules f={d.fund} />
        <MyHoldings fund={d.fund} />
        <Subscribe f={d.fund} />
        <Holdings d={d} />
        <Trades d={d} />
      </div>
    </Page>
  );
}

function PastResults({ d }: { d: StrategyDetail }) {
  const { t, i18n } = useLingui();
  const f = d.fund;
  const points = d.history.map((p) => ({ date: p.date, totalAssets: p.nav }));
  return (
    <section className="card" aria-label={t`運用実績`}>
      <h2 className="card__title">
        <Trans>運用実績（過去の実績）</Trans>
      </h2>
      <p className="small muted">
        <Trans>基準価額（1万口あたり）の推移。設定日 {formatIsoDate(f.startedOn)} から、毎営業日の大引け後に算出しています。</Trans>
      </p>
      {points.length >= 2 ? (
        <Suspense fallback={<div style={{ height: 160 }} />}>
          <div data-testid="nav-chart">
            <LazyNavChart points={points} locale={i18n.locale} height={160} label={t`基準価額の推移のグラフ`} />
          </div>
        </Suspense>
      ) : (
        <p className="small muted fund-chart-empty" data-testid="nav-chart-empty">
          <Trans>基準価額の推移は2営業日目から表示されます。</Trans>
        </p>
      )}
      <dl className="kv">
        <dt>
          <Trans>純資産総額（規模）</Trans>
        </dt>
        <dd className="mono">{formatMoney(f.aum)}</dd>
        <dt>
          <Trans>前日比（1万口あたり）</Trans>
        </dt>
        <dd>{f.dailyProfit === null ? '—' : <Signed value={f.dailyProfit} strong={false} />}</dd>
        <dt>
          <Trans>設定来の損益（1万口あたり）</Trans>
        </dt>
        <dd>
          <Signed value={f.totalProfit} strong={false} /> (<Signed value={f.totalProfitBp} bp strong={false} arrows={false} />)
        </dd>
        <dt>
          <Trans>勝率（決済した売買のうち利益が出た割合）</Trans>
        </dt>
        <dd className="mono">
          {f.winRate.closed ? (
            <Trans>
              {formatNumber(f.winRate.won)} / {formatNumber(f.winRate.closed)} 件
            </Trans>
          ) : (
            '—'
          )}
        </dd>
        <dt>
          <Trans>累計フォロー金額</Trans>
        </dt>
        <dd className="mono">{formatMoney(f.followAmount)}</dd>
        <dt>
          <Trans>満期（解約・償還）時の平均リターン</Trans>
        </dt>
        <dd>
          {f.maturityReturnBp === null ? '—' : <Signed value={f.maturityReturnBp} bp strong={false} />}
          {f.maturityCount ? <span className="small muted"> ({formatNumber(f.maturityCount)})</span> : null}
        </dd>
      </dl>
      <p className="fund-past">
        <Trans>すべて実際の約定と日々の基準価額から計算した過去の実績です。将来の成果を示唆・保証するものではなく、元本は保証されません。</Trans>
      </p>
    </section>
  );
}

function Rules({ f }: { f: StrategySummary }) {
  const { t, i18n } = useLingui();
  return (
    <section className="card" aria-label={t`運用ルール`}>
      <h2 className="card__title">
        <Trans>運用ルール</Trans>
      </h2>
      <p className="small">
        <b>{i18n._(RULE_NAME[f.rule])}</b>
        {f.model ? ` · ${f.model}` : ''}
      </p>
      <p className="small">{i18n._(RULE_TEXT[f.rule])}</p>
      <dl className="fund-params small" data-testid="fund-params">
        {Object.entries(f.params).map(([k, v]) => (
          <div key={k}>
            <dt>{PARAM_LABEL[k] ? i18n._(PARAM_LABEL[k]) : k}</dt>
            <dd className="mono">{paramValue(k, v)}</dd>
          </div>
        ))}
      </dl>
      <dl className="kv small" data-testid="fund-key-facts">
        <dt>
          <Trans>最低投資金額</Trans>
        </dt>
        <dd className="mono">{formatMoney(f.minSubscription)}</dd>
        <dt>
          <Trans>運用に必要な最低純資産（現在の株価で）</Trans>
        </dt>
        <dd className="mono">{formatMoney(f.minInvestable)}</dd>
        <dt>
          <Trans>ロック期間（約定日から）</Trans>
        </dt>
        <dd className="mono">
          <Trans>{f.lockDays}日</Trans>
        </dd>
        <dt>
          <Trans>信託報酬（年率・新規申込分）</Trans>
        </dt>
        <dd className="mono">{formatPercent(f.feeBp, { sign: false })}</dd>
        {f.followUntil ? (
          <>
            <dt>
              <Trans>フォロー受付期限</Trans>
            </dt>
            <dd className="mono">{formatIsoDate(f.followUntil)}</dd>
          </>
        ) : null}
      </dl>
      {f.units > 0 && f.aum < f.minInvestable ? (
        <p className="notice notice--warn small" data-testid="fund-below-investable">
          <Icon d={icons.info} size={18} />
          <span>
            <Trans>現在の純資産では運用ルールどおりに売買できません。株式を保有していない分に信託報酬は掛かりません。</Trans>
          </span>
        </p>
      ) : null}
      <ul className="small muted fund-rules">
        <li>
          <Trans>
            最低純資産は、組入銘柄を構成比どおりに各1単元（100株）以上買うために必要な純資産（現金として残す割合を含む）です。申込後の純資産がこれに届かない申込はお受けしません。
          </Trans>
        </li>
        <li>
          <Trans>申込金は次の基準価額（当日15:30の大引け後に算出）で口数に換わるまで拘束されます。</Trans>
        </li>
        <li>
          <Trans>解約はロック期間の後に受け付け、次の基準価額で代金をお支払いします。</Trans>
        </li>
        <li>
          <Trans>
            信託報酬は土日・祝日を含む毎日（暦日）の日割りで、ファンドが保有する株式の評価額に対してのみ計算し、保有口数から差し引きます。現金（単元に満たない余りや待機資金）には掛かりません。申込時の料率が解約まで続きます。
          </Trans>
        </li>
        <li>
          <Trans>最後の保有者の解約には、端数を含めファンドに残る全額をお支払いします。</Trans>
        </li>
      </ul>
    </section>
  );
}

const RULE_TEXT: Record<StrategySummary['rule'], MessageDescriptor> = {
  index_tracker: msg({
    message: '日経平均株価の構成銘柄から選んだ組入銘柄を、指数と同じ株価ウェイトで保有します。毎営業日の取引時間中に、前日までの終値をもとに単元株単位で調整します。',
  }),
  momentum: msg({
    message: '対象銘柄のうち、計測期間の騰落率が高くプラスの銘柄を上位から均等に保有します。プラスの銘柄がなければ現金で待機します。',
  }),
  mean_reversion: msg({
    message: '指数の終値が移動平均を一定以上下回ったら組入銘柄を買い、一定以上上回ったら売却して現金で待機します。その間は保有を続けます。',
  }),
  follow_model: msg({
    message: '明示したモデルポートフォリオの構成比を、ファンドの資産規模に合わせて比例で再現します。モデルの売買に合わせて同じ方向に売買します。',
  }),
};

function MyHoldings({ fund }: { fund: StrategySummary }) {
  const { t, i18n } = useLingui();
  const query = useQuery(strategyHoldingsQuery());
  const mine = (query.data?.items ?? []).filter((h) => h.fundId === fund.id);
  const [target, setTarget] = useState<StrategyHolding | null>(null);
  const redeem = useMoneyCommand(strategiesApi.redeem, {
    invalidate: [endpointArea(strategiesApi.holdings), endpointArea(fundsApi.summary)],
    onSuccess: () => {
      setTarget(null);
      toast(t`解約を受け付けました`);
    },
  });
  const cancel = useCallback(() => {
    redeem.end();
    setTarget(null);
  }, [redeem]);
  if (mine.length === 0) return null;
  return (
    <section className="card" aria-label={t`保有状況`} data-testid="fund-my-holdings">
      <h2 className="card__title">
        <Trans>保有状況</Trans>
      </h2>
      {mine.map((h) => (
        <div key={h.id} className="fund-holding">
          <div className="fund-card__head">
            <span className="small mono">{formatDateTime(h.requestedAt)}</span>
            <span className={`status status--fund-${h.status}`}>{i18n._(HOLDING_STATUS[h.status])}</span>
          </div>
          <dl className="kv small">
            <dt>
              <Trans>口数</Trans>
            </dt>
            <dd className="mono">
              <Trans>{formatNumber(h.units)}口</Trans>
            </dd>
            <dt>
              <Trans>評価額・受取額</Trans>
            </dt>
            <dd className="mono">{formatMoney(h.value)}</dd>
            {h.lockedUntil ? (
              <>
                <dt>
                  <Trans>解約できる日</Trans>
                </dt>
                <dd className="mono">{formatIsoDate(h.lockedUntil)}</dd>
              </>
            ) : null}
          </dl>
          {h.redeemable ? (
            <button
              type="button"
              className="btn btn--secondary btn--block"
              onClick={() => {
                redeem.begin();
                setTarget(h);
              }}
            >
              <Trans>解約する</Trans>
            </button>
          ) : null}
        </div>
      ))}
      {target ? (
        <ActionDialog
          title={t`解約の確認`}
          confirmLabel={t`解約する`}
          cancelLabel={t`キャンセル`}
          busy={redeem.isPending}
          onConfirm={() => redeem.mutate({ params: { id: target.id } })}
          onCancel={cancel}
        >
          <p>
            <Trans>
              {formatNumber(target.units)}口を解約します。代金は次の基準価額（本日の大引け後）で計算し、お支払いします（現在の基準価額での目安：{formatMoney(target.value)}）。
            </Trans>
          </p>
        </ActionDialog>
      ) : null}
    </section>
  );
}

function Subscribe({ f }: { f: StrategySummary }) {
  const { t, i18n } = useLingui();
  const summary = useQuery(endpointQuery(fundsApi.summary, {}, { staleTime: 5_000 }));
  const [text, setText] = useState('');
  const [confirming, setConfirming] = useState(false);
  const amount = /^\d+$/.test(text.replace(/[,，]/g, '')) ? Number(text.replace(/[,，]/g, '')) : null;
  const available = summary.data?.available ?? null;
  const error =
    text === '' || amount === null
      ? null
      : amount < f.minAmount
        ? t`最低投資金額（${formatMoney(f.minAmount)}）以上を指定してください`
        : amount < f.minSubscription
          ? translateMessage('strategy_below_investable', { amount: f.minSubscription, min: f.minInvestable, currency: 'JPY' }, getLanguage())
          : available !== null && amount > available
            ? t`残高が不足しています（利用可能額：${formatMoney(available)}）`
            : null;
  const action = useMoneyCommand(strategiesApi.subscribe, {
    invalidate: [endpointArea(strategiesApi.holdings), endpointArea(fundsApi.summary), endpointArea(strategiesApi.list)],
    onSuccess: () => {
      setConfirming(false);
      setText('');
      toast(t`申し込みました。次の基準価額で約定します`);
    },
  });
  const cancel = useCallback(() => {
    action.end();
    setConfirming(false);
  }, [action]);
  // The follow period is read on the market's day, which the server decides (docs/decisions/023-one-clock.md).
  const closed = f.status !== 'active' || !f.followOpen;
  return (
    <section className="card ticket" aria-label={t`申込`}>
      <h2 className="card__title">
        <Trans>申込</Trans>
      </h2>
      {closed ? (
        <p className="notice notice--warn">
          <Icon d={icons.clock} size={18} />
          <span>
            <Trans>このファンドは現在申込を受け付けていません。</Trans>
          </span>
        </p>
      ) : (
        <>
          <TextField
            label={t`申込金額（円）`}
            inputMode="numeric"
            autoComplete="off"
            value={text}
            onChange={(e) => setText(e.target.value)}
            error={error}
            hint={available !== null ? <Trans>利用可能額：{formatMoney(available)}</Trans> : null}
            data-testid="subscribe-amount"
          />
          <button
            type="button"
            className="btn btn--primary btn--block"
            disabled={amount === null || error !== null}
            onClick={() => {
              action.begin();
              setConfirming(true);
            }}
          >
            <Trans>申し込む</Trans>
          </button>
        </>
      )}
      {confirming && amount !== null ? (
        <ActionDialog
          title={t`申込の確認`}
          confirmLabel={t`申し込む`}
          cancelLabel={t`キャンセル`}
          busy={action.isPending}
          onConfirm={() => action.mutate({ params: { id: f.id }, body: { amount } })}
          onCancel={cancel}
        >
          <p>
            <b>{fundName(f, i18n.locale)}</b>
          </p>
          <dl className="kv">
            <dt>
              <Trans>申込金額</Trans>
            </dt>
            <dd className="mono">{formatMoney(amount)}</dd>
            <dt>
              <Trans>目安の口数（現在の基準価額）</Trans>
            </dt>
            <dd className="mono">
              <Trans>{formatNumber(Math.floor((amount * NAV_UNITS) / f.nav))}口</Trans>
            </dd>
          </dl>
          <p className="small">
            <Trans>
              申込金は本日の大引け後に算出する基準価額で口数に換わるまで拘束されます。ロック期間は{f.lockDays}日、信託報酬は年{formatPercent(f.feeBp, { sign: false })}です。元本は保証されません。
            </Trans>
          </p>
        </ActionDialog>
      ) : null}
    </section>
  );
}

function Holdings({ d }: { d: StrategyDetail }) {
  const { t, i18n } = useLingui();
  return (
    <section className="card" aria-label={t`組入銘柄`}>
      <h2 className="card__title">
        <Trans>組入銘柄（現在）</Trans>
      </h2>
      {d.holdings.length === 0 ? (
        <p className="small muted">
          <Trans>現在は株式を保有していません（全額現金）。</Trans>
        </p>
      ) : (
        <table className="fund-table small">
          <thead>
            <tr>
              <th>
                <Trans>銘柄</Trans>
              </th>
              <th>
                <Trans>株数</Trans>
              </th>
              <th>
                <Trans>評価額</Trans>
              </th>
            </tr>
          </thead>
          <tbody>
            {d.holdings.map((h) => (
              <tr key={h.code}>
                <td>
                  <span className="mono">{h.code}</span> {displayName({ code: h.code, nameJa: h.name, nameEn: h.nameEn }, i18n.locale)}
                </td>
                <td className="mono">{formatNumber(h.shares)}</td>
                <td className="mono">{formatMoney(h.value)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

function Trades({ d }: { d: StrategyDetail }) {
  const { t, i18n } = useLingui();
  return (
    <section className="card" aria-label={t`最近の売買`}>
      <h2 className="card__title">
        <Trans>最近の売買（約定）</Trans>
      </h2>
      {d.trades.length === 0 ? (
        <p className="small muted">
          <Trans>まだ売買はありません。</Trans>
        </p>
      ) : (
        <ul className="fund-trades small" data-testid="fund-trades">
          {d.trades.slice(0, 20).map((x, i) => (
            <li key={`${x.at}-${x.code}-${x.side}-${i}`}>
              <span className="mono muted">{formatDateTime(x.at)}</span>
              <span>
                {x.side === 'buy' ? <Trans>買</Trans> : <Trans>売</Trans>} <span className="mono">{x.code}</span> {displayName({ code: x.code, nameJa: x.name, nameEn: x.nameEn }, i18n.locale)}
              </span>
              <span className="mono">
                <Trans>
                  {formatNumber(x.shares)}株 @ {formatPriceYen(x.price, x.priceScale)}
                </Trans>
                {x.pnl !== null ? (
                  <>
                    {' '}
                    <Signed value={x.pnl} strong={false} />
                  </>
                ) : null}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
