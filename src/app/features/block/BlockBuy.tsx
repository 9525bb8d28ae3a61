import { useCallback, useEffect, useState } from 'react';
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { blockApi } from '../../../shared/api/block';
import { fundsApi } from '../../../shared/api/funds';
import { tradeApi } from '../../../shared/api/trade';
import type { FeeSchedule } from '../../../shared/domain/trade-money';
import { LOT_SIZE } from '../../../shared/market/price';
import { formatDateTime, formatMoney, formatNumber } from '../../../shared/money';
import { useMoneyCommand } from '../../api/money-command';
import { endpointArea, endpointKey, endpointPrefix, endpointQuery } from '../../api/query';
import { useSiteConfig } from '../../components/useSiteConfig';
import { EmptyView } from '../../components/EmptyView';
import { Page } from '../../components/Page';
import { LoadingPane } from '../../components/Spinner';
import { Icon } from '../../components/Icon';
import * as icons from '../../components/icons';
import { toast } from '../../components/Toast';
import { Stepper } from '../../components/Stepper';
import { ActionDialog } from '../../components/ConfirmDialog';
import { parseLots } from '../../components/forms/validation';
import { OfferCard, blockOffersQuery, offerPhase, type BlockOffer } from '../../components/block/OfferList';
import type { PositionView } from '../../components/trade/PositionList';
import { blockCost, checkBlockShares } from './rules';
import './block.css';

/** Buying power (`GET funds/summary`): the same entry as the ticket's and the mine screen's. `silent`: a prefetch. */
export function buyingPowerQuery(opts: { silent?: boolean } = {}) {
  return endpointQuery(fundsApi.summary, {}, { silent: opts.silent, staleTime: 5_000 });
}

/** Buy shares of one block-trade offer: minimum, availability, window and lock rules shown first. */
export function BlockBuy({ id, onBought }: { id: string; onBought: (p: PositionView) => void }) {
  const offers = useQuery(blockOffersQuery());
  const offer = offers.data?.items.find((o) => o.id === id);
  if (!offer) {
    if (offers.isPending) {
      return (
        <LoadingPane size={28} />
      );
    }
    return <EmptyView icon={icons.layers} text={<Trans>この案件は見つかりませんでした</Trans>} hint={<Trans>募集が終了したか、取り下げられた可能性があります。</Trans>} />;
  }
  return <BuyForm offer={offer} onBought={onBought} />;
}

function BuyForm({ offer, onBought }: { offer: BlockOffer; onBought: (p: PositionView) => void }) {
  const { t, i18n } = useLingui();
  const config = useSiteConfig();
  const funds = useQuery(buyingPowerQuery());
  const min = Math.max(offer.minShares, 1);
  const [shares, setShares] = useState(min);
  const [confirming, setConfirming] = useState(false);
  useEffect(() => {
    setShares((s) => (s < min ? min : s));
  }, [min]);

  const feeSchedule: FeeSchedule = config.data?.feeSchedule ?? 'zero';
  const cost = blockCost(offer.price, shares, offer.priceScale, feeSchedule);
  const available = funds.data?.available ?? null;
  const check = checkBlockShares(shares, min, offer.sharesAvailable);
  const phase = offerPhase(offer, Date.now());
  const enough = available === null ? null : cost.total <= available;

  const client = useQueryClient();
  // A purchase opens a position: positions, funds and the offers' remaining shares all change.
  const action = useMoneyCommand(blockApi.buy, {
    invalidate: [endpointPrefix(tradeApi.positions), endpointArea(fundsApi.summary), endpointArea(blockApi.offers)],
    onSuccess: (p) => {
      client.setQueryData(endpointKey(tradeApi.position, { params: { id: p.id } }), p);
      setConfirming(false);
      toast(t`ブロック取引を購入しました`);
      onBought(p);
    },
  });
  const cancel = useCallback(() => {
    action.end();
    setConfirming(false);
  }, [action]);
  const display = useCallback((v: number) => String(v), []);
  const clamp = (v: number) => Math.max(min, Math.min(offer.sharesAvailable, Math.trunc(v)));

  return (
    <>
      <ul className="offer-list">
        <OfferCard o={offer} link={false} />
      </ul>

      <section className="card rules" aria-label={t`購入のルール`}>
        <h2 className="card__title">
          <Trans>購入のルール</Trans>
        </h2>
        <ul className="rules__list small">
          <li>
            <Trans>最低購入数量：{formatNumber(min)}株</Trans>
          </li>
          <li>
            <Trans>購入可能な残り数量：{formatNumber(offer.sharesAvailable)}株</Trans>
          </li>
          <li>
            <Trans>
              募集期間：{formatDateTime(offer.from)} 〜 {formatDateTime(offer.to)}
            </Trans>
          </li>
          <li>
            <Trans>ロック期間：購入後 {offer.lockDays} 営業日は売却できません。</Trans>
          </li>
          <li>
            <Trans>現物（レバレッジ1×）での購入です。代金と手数料は購入時に差し引かれます。</Trans>
          </li>
        </ul>
      </section>

      {phase !== 'open' ? (
        <p className="notice notice--warn">
          <Icon d={icons.clock} size={18} />
          <span>{phase === 'upcoming' ? <Trans>募集開始前です。募集期間中にお申し込みください。</Trans> : <Trans>この案件の募集は終了しました。</Trans>}</span>
        </p>
      ) : null}

      <section className="ticket card">
        <Stepper
          label={t`購入数量`}
          value={shares}
          display={display}
          parse={(text) => {
            const v = parseLots(text);
            return v === null ? null : clamp(v);
          }}
          onChange={(v) => setShares(clamp(v))}
          onStep={(d) => setShares(clamp(shares + d * LOT_SIZE))}
          canDown={shares - LOT_SIZE >= min}
          canUp={shares + LOT_SIZE <= offer.sharesAvailable}
          suffix={t`株`}
          hint={<Trans>{formatNumber(LOT_SIZE)}株ずつ増減できます。</Trans>}
        />
        <div className="preview">
          <dl className="kv">
            <dt>
              <Trans>購入代金</Trans>
            </dt>
            <dd className="mono">{formatMoney(cost.contractValue)}</dd>
            <dt>
              <Trans>手数料</Trans>
            </dt>
            <dd className="mono">{formatMoney(cost.fee)}</dd>
            <dt className="strong">
              <Trans>合計</Trans>
            </dt>
            <dd className="mono strong">{formatMoney(cost.total)}</dd>
            <dt>
              <Trans>買付余力</Trans>
            </dt>
            <dd className="mono">{available !== null ? formatMoney(available) : '—'}</dd>
          </dl>
          {check === 'below_min' ? (
            <p className="field__error">
              <Trans>最低購入数量は{formatNumber(min)}株です。</Trans>
            </p>
          ) : check === 'above_available' ? (
            <p className="field__error">
              <Trans>購入できるのは残り{formatNumber(offer.sharesAvailable)}株までです。</Trans>
            </p>
          ) : null}
          {enough === false ? (
            <p className="notice notice--warn">
              <Icon d={icons.alert} size={18} />
              <span>
                <Trans>買付余力が不足しています。</Trans>
              </span>
            </p>
          ) : null}
        </div>
        <button
          type="button"
          className="btn btn--primary btn--block"
          disabled={check !== 'ok' || phase !== 'open'}
          onClick={() => {
            action.begin();
            setConfirming(true);
          }}
        >
          <Trans>購入内容を確認</Trans>
        </button>
      </section>

      {confirming ? (
        <ActionDialog
          title={t`ブロック取引を購入しますか？`}
          confirmLabel={t`購入する`}
          cancelLabel={t`キャンセル`}
          busy={action.isPending}
          onConfirm={() => {
            if (!action.isPending) action.mutate({ params: { id: offer.id }, body: { shares } });
          }}
          onCancel={cancel}
        >
          <dl className="kv">
            <dt>
              <Trans>銘柄</Trans>
            </dt>
            <dd>
              {i18n.locale === 'ja' ? offer.name : offer.nameEn} <span className="mono">{offer.code}</span>
            </dd>
            <dt>
              <Trans>数量</Trans>
            </dt>
            <dd className="mono">
              <Trans>{formatNumber(shares)}株</Trans>
            </dd>
            <dt>
              <Trans>合計</Trans>
            </dt>
            <dd className="mono strong">{formatMoney(cost.total)}</dd>
          </dl>
          <p className="small muted">
            <Trans>購入後 {offer.lockDays} 営業日は売却できません。</Trans>
          </p>
        </ActionDialog>
      ) : null}
    </>
  );
}

const blockBuyRoute = getRouteApi('/home/blockTrade1');

/** /home/blockTrade1?id= — buy shares of one block-trade offer. */
export function BlockBuyScreen() {
  const { t } = useLingui();
  const { id } = blockBuyRoute.useSearch();
  const navigate = useNavigate();
  return (
    <Page title={t`ブロック取引の購入`} fallback="/home/blockTrade">
      {id ? (
        <BlockBuy id={id} onBought={() => void navigate({ to: '/home/blockTrade2', replace: true })} />
      ) : (
        <EmptyView icon={icons.layers} text={<Trans>案件が指定されていません</Trans>} />
      )}
    </Page>
  );
}

/** What /home/blockTrade1's loader fetches ahead (not awaited): the offers and the buying power. */
export function prefetchBlockBuy(client: QueryClient): void {
  void client.prefetchQuery(blockOffersQuery({ silent: true }));
  void client.prefetchQuery(buyingPowerQuery({ silent: true }));
}
