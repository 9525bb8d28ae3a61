import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi, Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { ipoApi, type ApplicationView } from '../../../shared/api/ipo';
import { formatDateTime, formatIsoDate, formatMoney, formatNumber, formatPriceYen } from '../../../shared/money';
import { DRAW_ALGORITHM_V1, entryId, rerunPublished, seedCommitment, type DrawKind } from '../../../shared/domain/ipo-draw';
import { EmptyView } from '../../components/EmptyView';
import { Page } from '../../components/Page';
import { LoadingPane } from '../../components/Spinner';
import { Icon } from '../../components/Icon';
import * as icons from '../../components/icons';
import { toast } from '../../components/Toast';
import { ActionDialog } from '../../components/ConfirmDialog';
import { APPLICATION_STATUS_TEXT, OFFERING_KIND_TEXT, statusTone, offeringName } from './labels';
import { applicationsQuery, drawQuery, offeringQuery, useApplicationCommand } from './api';
import './ipo.css';
import '../../components/positions.css';

/** /home/ipo/sgList — the user's applications and their results, with the next step of each. */
export function SgListScreen() {
  const { t } = useLingui();
  const q = useQuery(applicationsQuery());
  const items = q.data?.items ?? [];
  return (
    <Page title={t`IPOの申込履歴`} fallback="/home/newStock">
      {q.isPending ? (
        <LoadingPane />
      ) : items.length === 0 ? (
        <EmptyView icon={icons.gift} text={<Trans>IPOの申込はまだありません</Trans>} hint={<Trans>申込受付中の案件から申し込めます。</Trans>} />
      ) : (
        <ul className="pos-list" data-testid="ipo-applications">
          {items.map((a) => (
            <ApplicationCard key={a.id} a={a} />
          ))}
        </ul>
      )}
      <Link to="/home/newStock" className="btn btn--secondary btn--block">
        <Trans>案件の一覧へ</Trans>
      </Link>
    </Page>
  );
}

function ApplicationCard({ a }: { a: ApplicationView }) {
  const { t, i18n } = useLingui();
  const [confirm, setConfirm] = useState<'cancel' | null>(null);
  const cancel = useApplicationCommand(ipoApi.cancel, () => {
    setConfirm(null);
    toast(t`申込を取り消しました`);
  });
  return (
    <li className="pos" data-testid={`ipo-app-${a.code}`}>
      <div className="pos__head">
        <span className="pos__name">{offeringName(a, i18n.locale)}</span>
        <span className="pos__code mono">{a.code}</span>
        <span className={`status ${statusTone(a.status)}`} data-testid="ipo-app-status">{i18n._(APPLICATION_STATUS_TEXT[a.status])}</span>
      </div>
      <dl className="ipo-rows">
        <dt><Trans>種別</Trans></dt>
        <dd>{i18n._(OFFERING_KIND_TEXT[a.kind])}</dd>
        <dt><Trans>申込数量</Trans></dt>
        <dd className="mono"><Trans>{formatNumber(a.shares)}株</Trans></dd>
        <dt><Trans>申込金額</Trans></dt>
        <dd className="mono">{formatMoney(a.amountSubscribed)}</dd>
        <dt><Trans>当選数量</Trans></dt>
        <dd className="mono">{a.wonShares !== null ? <Trans>{formatNumber(a.wonShares)}株</Trans> : '—'}</dd>
        <dt><Trans>公開価格</Trans></dt>
        <dd className="mono">{formatPriceYen(a.finalPrice, a.priceScale)}</dd>
        <dt><Trans>購入金額</Trans></dt>
        <dd className="mono">{a.amountWon !== null ? formatMoney(a.amountWon) : '—'}</dd>
        <dt><Trans>拘束中の金額</Trans></dt>
        <dd className="mono">{formatMoney(a.remainingAmount)}</dd>
        <dt><Trans>抽選日</Trans></dt>
        <dd className="mono">{formatDateTime(a.drawAt)}</dd>
        <dt><Trans>購入期限</Trans></dt>
        <dd className="mono">{formatDateTime(a.paymentDue)}</dd>
        <dt><Trans>上場日</Trans></dt>
        <dd className="mono">{formatIsoDate(a.listingDate)}</dd>
      </dl>
      <div className="ipo-actions">
        {a.status === 'won' || a.status === 'payment_pending' ? (
          <Link to="/home/ipo/sgBuy" search={{ id: a.id }} className="btn btn--primary btn--small" data-testid="ipo-to-purchase">
            {a.status === 'won' ? <Trans>購入・辞退</Trans> : <Trans>購入内容</Trans>}
          </Link>
        ) : null}
        {a.status === 'subscribing' ? (
          <button type="button" className="btn btn--secondary btn--small" onClick={() => { cancel.begin(); setConfirm('cancel'); }}>
            <Trans>申込を取り消す</Trans>
          </button>
        ) : null}
        {a.positionId ? (
          <Link to="/trade/index" className="btn btn--secondary btn--small">
            <Trans>保有銘柄を見る</Trans>
          </Link>
        ) : null}
        <Link to="/home/ipo/sgjlDetail" search={{ id: a.offeringId }} className="btn btn--ghost btn--small" data-testid="ipo-to-draw">
          <Trans>抽選の詳細</Trans>
        </Link>
      </div>
      {confirm ? (
        <ActionDialog
          title={t`申込を取り消しますか？`}
          confirmLabel={t`取り消す`}
          cancelLabel={t`戻る`}
          danger
          busy={cancel.isPending}
          onConfirm={() => { if (!cancel.isPending) cancel.mutate({ params: { id: a.id } }); }}
          onCancel={() => { cancel.end(); setConfirm(null); }}
        >
          <p><Trans>拘束中の {formatMoney(a.remainingAmount)} をお返しします。</Trans></p>
        </ActionDialog>
      ) : null}
    </li>
  );
}

const sgBuyRoute = getRouteApi('/home/ipo/sgBuy');

/** /home/ipo/sgBuy?id= — a won allotment: purchase it (paid from the reserve on the due date) or waive it, free. */
export function SgBuyScreen() {
  const { t } = useLingui();
  const { id } = sgBuyRoute.useSearch();
  const q = useQuery(applicationsQuery());
  const a = q.data?.items.find((x) => x.id === id);
  return (
    <Page title={t`当選株の購入`} fallback="/home/ipo/sgList">
      {q.isPending ? <LoadingPane /> : a ? <PurchaseForm a={a} /> : <EmptyView icon={icons.gift} text={<Trans>この申込は見つかりませんでした</Trans>} />}
    </Page>
  );
}

function PurchaseForm({ a }: { a: ApplicationView }) {
  const { t, i18n } = useLingui();
  const [confirm, setConfirm] = useState<'purchase' | 'waive' | null>(null);
  const done = (text: string) => () => {
    setConfirm(null);
    toast(text);
  };
  const purchase = useApplicationCommand(ipoApi.purchase, done(t`購入を申し込みました`));
  const waive = useApplicationCommand(ipoApi.waive, done(t`購入を辞退しました`));
  const action = confirm === 'waive' ? waive : purchase;
  // The server refuses after the due date (its clock decides; the device's may differ).
  const open = a.status === 'won' || a.status === 'payment_pending';
  return (
    <>
      <section className="card">
        <div className="pos__head">
          <span className="pos__name">{offeringName(a, i18n.locale)}</span>
          <span className="pos__code mono">{a.code}</span>
          <span className={`status ${statusTone(a.status)}`} data-testid="ipo-app-status">{i18n._(APPLICATION_STATUS_TEXT[a.status])}</span>
        </div>
        <dl className="ipo-rows">
          <dt><Trans>当選数量</Trans></dt>
          <dd className="mono"><Trans>{formatNumber(a.wonShares ?? 0)}株</Trans></dd>
          <dt><Trans>公開価格</Trans></dt>
          <dd className="mono">{formatPriceYen(a.finalPrice, a.priceScale)}</dd>
          <dt><Trans>購入金額</Trans></dt>
          <dd className="mono strong">{formatMoney(a.amountWon ?? 0)}</dd>
          <dt><Trans>購入期限</Trans></dt>
          <dd className="mono">{formatDateTime(a.paymentDue)}</dd>
          <dt><Trans>上場日</Trans></dt>
          <dd className="mono">{formatIsoDate(a.listingDate)}</dd>
        </dl>
        <p className="small muted">
          <Trans>購入金額は当選時から拘束済みの資金で払い込みます。追加のご入金は不要で、不足金が生じることはありません。辞退は無料です。</Trans>
        </p>
      </section>
      {a.status === 'payment_pending' ? (
        <p className="notice">
          <Icon d={icons.check} size={18} />
          <span><Trans>購入を申し込み済みです。購入期限に払い込まれ、上場日に保有銘柄になります。</Trans></span>
        </p>
      ) : null}
      {open ? (
        <div className="ipo-actions">
          {a.status === 'won' ? (
            <button type="button" className="btn btn--primary" data-testid="ipo-purchase" onClick={() => { purchase.begin(); setConfirm('purchase'); }}>
              <Trans>購入する</Trans>
            </button>
          ) : null}
          <button type="button" className="btn btn--secondary" data-testid="ipo-waive" onClick={() => { waive.begin(); setConfirm('waive'); }}>
            <Trans>辞退する</Trans>
          </button>
        </div>
      ) : null}
      {confirm ? (
        <ActionDialog
          title={confirm === 'purchase' ? t`当選株を購入しますか？` : t`購入を辞退しますか？`}
          confirmLabel={confirm === 'purchase' ? t`購入する` : t`辞退する`}
          cancelLabel={t`戻る`}
          danger={confirm === 'waive'}
          busy={action.isPending}
          onConfirm={() => { if (!action.isPending) action.mutate({ params: { id: a.id } }); }}
          onCancel={() => { action.end(); setConfirm(null); }}
        >
          <p className="mono">{formatMoney(a.amountWon ?? 0)}</p>
        </ActionDialog>
      ) : null}
      <Link to="/home/ipo/sgList" className="btn btn--secondary btn--block"><Trans>申込履歴へ</Trans></Link>
    </>
  );
}

const drawRoute = getRouteApi('/home/ipo/sgjlDetail');

type Verdict = { ok: boolean; commitmentOk: boolean; winners: number } | null;

/**
 * /home/ipo/sgjlDetail?id=<offering> — the draw: commitment, revealed seed, algorithm and results;
 * "verify" re-runs the documented draw (src/shared/domain/ipo-draw.ts, the same code the server
 * ran) here in the browser, under the algorithm the draw names, and compares. The draw lists entry
 * ids only; the user's own are computed here from their application ids and the offering id.
 */
export function SgjlDetailScreen() {
  const { t } = useLingui();
  const { id } = drawRoute.useSearch();
  return (
    <Page title={t`抽選の詳細`} fallback="/home/ipo/sgList">
      {id ? <DrawDetail id={id} /> : <EmptyView icon={icons.gift} text={<Trans>案件が指定されていません</Trans>} />}
    </Page>
  );
}

function DrawDetail({ id }: { id: string }) {
  const { i18n } = useLingui();
  const q = useQuery(drawQuery(id));
  const offering = useQuery(offeringQuery(id));
  const [verdict, setVerdict] = useState<Verdict>(null);
  if (q.isPending) return <LoadingPane />;
  const d = q.data;
  if (!d) return <EmptyView icon={icons.gift} text={<Trans>この案件は見つかりませんでした</Trans>} />;
  const o = offering.data?.offering;
  const verify = () => {
    if (!d.seed || !d.results) return;
    const rerun = rerunPublished(d.algorithm, { seed: d.seed, kind: d.kind as DrawKind, units: d.units, applications: d.applications });
    if (!rerun) {
      setVerdict({ ok: false, commitmentOk: seedCommitment(d.seed) === d.commitment, winners: 0 });
      return;
    }
    const same = rerun.won.length === d.results.length && rerun.won.every((w, i) => w.id === d.results![i]!.id && w.units === d.results![i]!.units);
    setVerdict({ ok: same, commitmentOk: seedCommitment(d.seed) === d.commitment, winners: rerun.won.filter((w) => w.units > 0).length });
  };
  // The user's own entries: entry id = SHA-256(offering id + ":" + application id), computed here.
  const mine = new Set((offering.data?.applications ?? []).map((a) => entryId(d.offeringId, a.id)));
  return (
    <>
      {o ? (
        <section className="card">
          <div className="pos__head">
            <span className="pos__name">{offeringName(o, i18n.locale)}</span>
            <span className="pos__code mono">{o.code}</span>
          </div>
        </section>
      ) : null}
      <section className="card">
        <h2 className="card__title"><Trans>抽選の方法</Trans></h2>
        <dl className="ipo-rows">
          <dt><Trans>方式</Trans></dt>
          <dd className="mono">{d.algorithm}</dd>
          <dt><Trans>抽選対象の単元数</Trans></dt>
          <dd className="mono">{formatNumber(d.units)}</dd>
          <dt><Trans>申込件数</Trans></dt>
          <dd className="mono">{formatNumber(d.applications.length)}</dd>
          <dt><Trans>抽選日時</Trans></dt>
          <dd className="mono">{formatDateTime(d.drawnAt ?? d.drawAt)}</dd>
        </dl>
        <ol className="small muted" style={{ paddingLeft: '1.1rem', display: 'flex', flexDirection: 'column', gap: '0.25rem' }}>
          <li><Trans>申込開始前に、シードのSHA-256ハッシュ（コミットメント）を公開します。</Trans></li>
          <li><Trans>n番目の乱数は SHA-256(シード + ":" + n) の先頭6バイトです（棄却法で偏りなく範囲内の整数にします）。</Trans></li>
          <li><Trans>申込を抽選ID順に並べ、IPOは1申込1口で抽選し（申込数量によらず平等）、単元が余れば申込単元数に応じて追加抽選します。公募・売出は1単元1口です。抽選IDは SHA-256(案件ID + ":" + 申込ID) で、申込IDは公開しません。</Trans></li>
          <li><Trans>抽選後にシードを公開します。同じ計算で誰でも同じ当選結果を得られます。</Trans></li>
        </ol>
        {d.algorithm === DRAW_ALGORITHM_V1 ? (
          <p className="small muted" data-testid="ipo-draw-v1">
            <Trans>この抽選は旧方式（kabuto-draw-v1）で、申込ID順に並べて行いました。申込IDは公開せず、その並び順のまま抽選IDで掲載しており、検証はこの順で再計算します。</Trans>
          </p>
        ) : null}
      </section>
      <section className="card">
        <h2 className="card__title"><Trans>コミットメント（SHA-256）</Trans></h2>
        <p className="ipo-hash" data-testid="ipo-draw-commitment">{d.commitment}</p>
        <h2 className="card__title"><Trans>シード</Trans></h2>
        {d.seed ? (
          <p className="ipo-hash" data-testid="ipo-draw-seed">{d.seed}</p>
        ) : (
          <p className="small muted"><Trans>抽選時に公開します。</Trans></p>
        )}
        {d.seed && d.results ? (
          <>
            <button type="button" className="btn btn--primary btn--block" data-testid="ipo-verify" onClick={verify}>
              <Trans>この端末で抽選を再計算して検証</Trans>
            </button>
            {verdict ? (
              <p className={verdict.ok && verdict.commitmentOk ? 'notice ipo-verify--ok' : 'notice notice--danger ipo-verify--bad'} data-testid="ipo-verify-result" role="status">
                <Icon d={verdict.ok && verdict.commitmentOk ? icons.check : icons.alert} size={18} />
                <span>
                  {verdict.ok && verdict.commitmentOk ? (
                    <Trans>一致しました：シードはコミットメントと一致し、再計算した当選者（{verdict.winners}件）は公表結果と同じです。</Trans>
                  ) : (
                    <Trans>一致しません。再計算の結果が公表結果と異なります。</Trans>
                  )}
                </span>
              </p>
            ) : null}
          </>
        ) : null}
      </section>
      <section className="card">
        <h2 className="card__title"><Trans>申込と抽選結果</Trans></h2>
        <table className="ipo-results">
          <thead>
            <tr>
              <th scope="col"><Trans>抽選ID</Trans></th>
              <th scope="col" className="num"><Trans>申込</Trans></th>
              <th scope="col" className="num"><Trans>当選</Trans></th>
            </tr>
          </thead>
          <tbody>
            {d.applications.map((a, i) => (
              <tr key={a.id} className={mine.has(a.id) ? 'is-mine' : undefined}>
                <td className="mono">
                  …{a.id.slice(-8)} {mine.has(a.id) ? <Trans>（お客様）</Trans> : null}
                </td>
                <td className="num mono">{formatNumber(a.units)}</td>
                <td className="num mono">{d.results ? formatNumber(d.results[i]?.units ?? 0) : '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </>
  );
}
