import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { ipoApi, IPO_MAX_LOTS, type OfferingStatus, type OfferingView } from '../../../shared/api/ipo';
import { LOT_SIZE } from '../../../shared/market/price';
import { formatDateTime, formatIsoDate, formatMoney, formatNumber, formatPercent, formatPriceYen } from '../../../shared/money';
import { contractValue } from '../../../shared/domain/trade-money';
import { useMoneyCommand } from '../../api/money-command';
import { EmptyView } from '../../components/EmptyView';
import { Page } from '../../components/Page';
import { LoadingPane } from '../../components/Spinner';
import { Icon } from '../../components/Icon';
import * as icons from '../../components/icons';
import { toast } from '../../components/Toast';
import { Stepper } from '../../components/Stepper';
import { Tabs } from '../../components/Segmented';
import { ActionDialog } from '../../components/ConfirmDialog';
import { Signed } from '../../components/Signed';
import { parseLots } from '../../components/forms/validation';
import { OfferingCard, OfferingList } from './OfferingList';
import { APPLICATION_STATUS_TEXT, SEGMENT_TEXT, statusTone, offeringName } from './labels';
import { IPO_AREAS, offeringQuery } from './api';
import './ipo.css';

type ListTab = 'all' | OfferingStatus;

/** /home/newStock — every offering (IPO, PO, placement) by phase. */
export function NewStockScreen() {
  const { t } = useLingui();
  const [tab, setTab] = useState<ListTab>('all');
  return (
    <Page
      title={t`新規公開株（IPO）`}
      fallback="/home/index"
      right={
        <Link to="/home/ipo/sgList" className="icon-btn" aria-label={t`申込履歴`}>
          <Icon d={icons.list} size={22} />
        </Link>
      }
    >
      <Tabs
        label={t`案件の状態`}
        value={tab}
        onChange={setTab}
        tabs={[
          { value: 'all', label: t`すべて` },
          { value: 'subscribing', label: t`申込受付中` },
          { value: 'to_be_subscribed', label: t`申込開始前` },
          { value: 'in_progress', label: t`抽選後` },
        ]}
      />
      <OfferingList key={tab} status={tab === 'all' ? undefined : tab} />
      <Link to="/home/ipo/sgList" className="btn btn--secondary btn--block">
        <Trans>申込履歴・抽選結果</Trans>
      </Link>
    </Page>
  );
}

/** /home/ipo/subscribe without an id — the offerings open for applications now. */
export function SubscribeListScreen() {
  const { t } = useLingui();
  return (
    <Page title={t`IPOの申込`} fallback="/home/newStock">
      <OfferingList status="subscribing" />
    </Page>
  );
}

/** The rows of an offering (docs/product.md): prices, dates, issue, results. */
export function OfferingRows({ o }: { o: OfferingView }) {
  return (
    <dl className="ipo-rows" data-testid="ipo-rows">
      <dt><Trans>仮条件</Trans></dt>
      <dd className="mono">{formatPriceYen(o.priceLow, o.priceScale)}〜{formatPriceYen(o.priceHigh, o.priceScale)}</dd>
      <dt><Trans>公開価格（発行価格）</Trans></dt>
      <dd className="mono" data-testid="ipo-final-price">{formatPriceYen(o.finalPrice, o.priceScale)}</dd>
      <dt><Trans>初値</Trans></dt>
      <dd className="mono">{formatPriceYen(o.openPrice, o.priceScale)}</dd>
      <dt><Trans>時価</Trans></dt>
      <dd className="mono">{formatPriceYen(o.marketPrice, o.priceScale)}</dd>
      <dt><Trans>公開価格との差</Trans></dt>
      <dd className="mono">{o.priceDiff !== null ? formatPriceYen(o.priceDiff, o.priceScale) : '—'}</dd>
      <dt><Trans>騰落率（プレミアム）</Trans></dt>
      <dd>{o.premiumBp !== null ? <Signed value={o.premiumBp} bp strong={false} /> : '—'}</dd>
      <dt><Trans>申込期間</Trans></dt>
      <dd className="mono">{formatDateTime(o.from)} 〜 {formatDateTime(o.to)}</dd>
      <dt><Trans>抽選日</Trans></dt>
      <dd className="mono">{formatDateTime(o.drawAt)}</dd>
      <dt><Trans>購入期限（払込期日）</Trans></dt>
      <dd className="mono">{formatDateTime(o.paymentDue)}</dd>
      <dt><Trans>上場日</Trans></dt>
      <dd className="mono">{formatIsoDate(o.listingDate)}</dd>
      <dt><Trans>受渡日</Trans></dt>
      <dd className="mono">{formatIsoDate(o.distributionDate)}</dd>
      <dt><Trans>上場市場</Trans></dt>
      <dd><SegmentText segment={o.segment} /></dd>
      <dt><Trans>主幹事証券</Trans></dt>
      <dd>{o.sponsor}</dd>
      <dt><Trans>募集株数</Trans></dt>
      <dd className="mono"><Trans>{formatNumber(o.sharesOffered)}株</Trans></dd>
      <dt><Trans>最低申込数量</Trans></dt>
      <dd className="mono"><Trans>{formatNumber(o.minLots * LOT_SIZE)}株</Trans></dd>
      <dt><Trans>申込に必要な資金</Trans></dt>
      <dd className="mono">{formatMoney(o.minFunds)}</dd>
      <dt><Trans>申込回数の上限</Trans></dt>
      <dd className="mono"><Trans>{o.repeatMax}回</Trans></dd>
      <dt><Trans>申込数量（全体）</Trans></dt>
      <dd className="mono"><Trans>{formatNumber(o.appliedLots * LOT_SIZE)}株（{formatNumber(o.applicants)}件）</Trans></dd>
      <dt><Trans>当選率</Trans></dt>
      <dd className="mono">{o.winningRateBp !== null ? formatPercent(o.winningRateBp, { sign: false }) : '—'}</dd>
    </dl>
  );
}

function SegmentText({ segment }: { segment: OfferingView['segment'] }) {
  const { i18n } = useLingui();
  return <>{i18n._(SEGMENT_TEXT[segment])}</>;
}

const detailRoute = getRouteApi('/home/newStockBuy');

/** /home/newStockBuy?id= — one offering: its rows, the commitment, the user's applications and the way to apply. */
export function NewStockBuyScreen() {
  const { t } = useLingui();
  const { id } = detailRoute.useSearch();
  return (
    <Page title={t`新規公開株の詳細・申込`} fallback="/home/newStock">
      {id ? <OfferingDetail id={id} /> : <EmptyView icon={icons.gift} text={<Trans>案件が指定されていません</Trans>} />}
    </Page>
  );
}

function OfferingDetail({ id }: { id: string }) {
  const { i18n } = useLingui();
  const q = useQuery(offeringQuery(id));
  if (q.isPending) return <LoadingPane size={28} />;
  if (!q.data) return <EmptyView icon={icons.gift} text={<Trans>この案件は見つかりませんでした</Trans>} />;
  const { offering: o, applications } = q.data;
  const live = applications.filter((a) => a.status !== 'cancelled');
  return (
    <>
      <ul className="offer-list">
        <OfferingCard o={o} link={false} />
      </ul>
      <section className="card">
        <h2 className="card__title"><Trans>案件の内容</Trans></h2>
        <OfferingRows o={o} />
      </section>
      <section className="card">
        <h2 className="card__title"><Trans>公正な抽選</Trans></h2>
        <p className="small muted">
          <Trans>抽選に使う乱数の種（シード）のSHA-256ハッシュを申込開始前に公開しています。抽選後にシードを公開し、誰でも同じ当選者を再計算できます。</Trans>
        </p>
        <p className="ipo-hash" data-testid="ipo-commitment">{o.commitment}</p>
        <Link to="/home/ipo/sgjlDetail" search={{ id: o.id }} className="btn btn--secondary btn--block">
          <Trans>抽選の詳細と検証</Trans>
        </Link>
      </section>
      {live.length > 0 ? (
        <section className="card">
          <h2 className="card__title"><Trans>お客様の申込</Trans></h2>
          <ul className="pos-list">
            {live.map((a) => (
              <li key={a.id} className="pos">
                <div className="pos__head">
                  <span className="pos__name mono"><Trans>{formatNumber(a.shares)}株</Trans></span>
                  <span className={`status ${statusTone(a.status)}`} data-testid="ipo-app-status">{i18n._(APPLICATION_STATUS_TEXT[a.status])}</span>
                </div>
                <div className="pos__grid small">
                  <span><Trans>拘束中 {formatMoney(a.remainingAmount)}</Trans></span>
                  {a.wonShares !== null ? <span><Trans>当選 {formatNumber(a.wonShares)}株</Trans></span> : null}
                </div>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {o.status === 'subscribing' ? (
        <Link to="/home/ipo/subscribe" search={{ id: o.id }} className="btn btn--primary btn--block" data-testid="ipo-go-apply">
          <Trans>申し込む</Trans>
        </Link>
      ) : o.status === 'to_be_subscribed' ? (
        <p className="notice notice--warn">
          <Icon d={icons.clock} size={18} />
          <span><Trans>申込開始前です。{formatDateTime(o.from)}から申し込めます。</Trans></span>
        </p>
      ) : null}
      <Link to="/home/ipo/sgList" className="btn btn--secondary btn--block"><Trans>申込履歴・抽選結果</Trans></Link>
    </>
  );
}

const subscribeRoute = getRouteApi('/home/ipo/subscribe');

/** /home/ipo/subscribe?id= — apply for lots of one offering (without an id: the open offerings). */
export function SubscribeScreen() {
  const { t } = useLingui();
  const { id } = subscribeRoute.useSearch();
  if (!id) return <SubscribeListScreen />;
  return (
    <Page title={t`IPOの申込`} fallback="/home/newStock">
      <ApplyForm id={id} />
    </Page>
  );
}

function ApplyForm({ id }: { id: string }) {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const q = useQuery(offeringQuery(id));
  const o = q.data?.offering;
  const [lots, setLots] = useState(1);
  const [confirming, setConfirming] = useState(false);
  const action = useMoneyCommand(ipoApi.apply, {
    invalidate: [...IPO_AREAS],
    onSuccess: () => {
      setConfirming(false);
      toast(t`申込を受け付けました`);
      void navigate({ to: '/home/ipo/sgList' });
    },
  });
  if (q.isPending) return <LoadingPane size={28} />;
  if (!o) return <EmptyView icon={icons.gift} text={<Trans>この案件は見つかりませんでした</Trans>} />;
  const min = Math.max(1, o.minLots);
  const clamp = (v: number) => Math.max(min, Math.min(IPO_MAX_LOTS, Math.trunc(v)));
  const lotsNow = Math.max(lots, min);
  const reserve = contractValue(o.priceHigh, lotsNow * LOT_SIZE, o.priceScale);
  const available = q.data?.available ?? 0;
  const used = q.data?.applications.filter((a) => a.status !== 'cancelled').length ?? 0;
  const problems: string[] = [];
  if (o.status !== 'subscribing') problems.push(t`申込期間外です。`);
  const max = o.repeatMax;
  const minFunds = formatMoney(o.minFunds);
  if (used >= max) problems.push(t`この銘柄への申込は${max}回までです。`);
  if (available < o.minFunds) problems.push(t`申込には${minFunds}以上の資金が必要です。`);
  else if (reserve > available) problems.push(t`買付余力が不足しています。`);
  return (
    <>
      <ul className="offer-list">
        <OfferingCard o={o} link={false} />
      </ul>
      <section className="card">
        <h2 className="card__title"><Trans>申込のルール</Trans></h2>
        <ul className="small muted" style={{ paddingLeft: '1.1rem', display: 'flex', flexDirection: 'column', gap: '0.25rem' }}>
          <li><Trans>1単元＝{LOT_SIZE}株。{formatNumber(min)}〜{formatNumber(IPO_MAX_LOTS)}単元で申し込めます。</Trans></li>
          <li><Trans>仮条件の上限価格で計算した金額を申込時に拘束し、公開価格の決定後に差額を、落選時は全額をお返しします。</Trans></li>
          <li><Trans>抽選はお一人1口の完全平等抽選です（申込数量で当選確率は変わりません）。</Trans></li>
          <li><Trans>当選後の購入・辞退は無料です。購入期限までに購入しない場合は失効し、資金をお返しします。</Trans></li>
        </ul>
      </section>
      <section className="ticket card">
        <Stepper
          label={t`申込数量（単元）`}
          value={lotsNow}
          display={(v) => String(v)}
          parse={(text) => {
            const v = parseLots(text);
            return v === null ? null : clamp(v);
          }}
          onChange={(v) => setLots(clamp(v))}
          onStep={(d) => setLots(clamp(lotsNow + d))}
          canDown={lotsNow - 1 >= min}
          canUp={lotsNow + 1 <= IPO_MAX_LOTS}
          suffix={t`単元`}
          hint={<Trans>{formatNumber(lotsNow * LOT_SIZE)}株</Trans>}
        />
        <dl className="kv">
          <dt><Trans>拘束する金額（仮条件の上限）</Trans></dt>
          <dd className="mono strong" data-testid="ipo-reserve">{formatMoney(reserve)}</dd>
          <dt><Trans>買付余力</Trans></dt>
          <dd className="mono">{formatMoney(available)}</dd>
          <dt><Trans>申込回数</Trans></dt>
          <dd className="mono">{used} / {o.repeatMax}</dd>
        </dl>
        {problems.map((p) => (
          <p key={p} className="notice notice--warn">
            <Icon d={icons.alert} size={18} />
            <span>{p}</span>
          </p>
        ))}
        <button
          type="button"
          className="btn btn--primary btn--block"
          disabled={problems.length > 0}
          data-testid="ipo-apply"
          onClick={() => {
            action.begin();
            setConfirming(true);
          }}
        >
          <Trans>申込内容を確認</Trans>
        </button>
      </section>
      {confirming ? (
        <ActionDialog
          title={t`この内容で申し込みますか？`}
          confirmLabel={t`申し込む`}
          cancelLabel={t`キャンセル`}
          busy={action.isPending}
          onConfirm={() => {
            if (!action.isPending) action.mutate({ params: { id: o.id }, body: { lots: lotsNow } });
          }}
          onCancel={() => {
            action.end();
            setConfirming(false);
          }}
        >
          <dl className="kv">
            <dt><Trans>銘柄</Trans></dt>
            <dd>{offeringName(o, i18n.locale)} <span className="mono">{o.code}</span></dd>
            <dt><Trans>数量</Trans></dt>
            <dd className="mono"><Trans>{formatNumber(lotsNow * LOT_SIZE)}株</Trans></dd>
            <dt><Trans>拘束する金額</Trans></dt>
            <dd className="mono strong">{formatMoney(reserve)}</dd>
          </dl>
        </ActionDialog>
      ) : null}
    </>
  );
}
