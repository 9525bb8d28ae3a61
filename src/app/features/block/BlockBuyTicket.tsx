import { useCallback } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { LOT_SIZE } from '../../../shared/market/price';
import { formatMoney, formatNumber } from '../../../shared/money';
import { Icon } from '../../components/Icon';
import * as icons from '../../components/icons';
import { Stepper } from '../../components/Stepper';
import { ActionDialog } from '../../components/ConfirmDialog';
import { parseLots } from '../../components/forms/validation';
import type { BlockOffer } from './OfferList';
import type { BlockBuyState } from './useBlockBuy';
import { displayName } from '../../../shared/market/local-names';

/** The shares to buy (in lots), their cost with the fee against the buying power, and the button to review the purchase. */
export function BlockBuyTicket({ offer, buy }: { offer: BlockOffer; buy: BlockBuyState }) {
  const { t } = useLingui();
  const { min, shares, setShares, clamp, cost, available, check } = buy;
  const display = useCallback((v: number) => String(v), []);
  return (
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
        {buy.enough === false ? (
          <p className="notice notice--warn">
            <Icon d={icons.alert} size={18} />
            <span>
              <Trans>買付余力が不足しています。</Trans>
            </span>
          </p>
        ) : null}
      </div>
      <button type="button" className="btn btn--primary btn--block" disabled={check !== 'ok' || buy.phase !== 'open'} onClick={buy.review}>
        <Trans>購入内容を確認</Trans>
      </button>
    </section>
  );
}

/** The purchase, before it is made: the stock, the shares, the total, and the lock. */
export function BlockBuyConfirm({ offer, buy }: { offer: BlockOffer; buy: BlockBuyState }) {
  const { t, i18n } = useLingui();
  const { shares, cost } = buy;
  return (
    <ActionDialog
      title={t`ブロック取引を購入しますか？`}
      confirmLabel={t`購入する`}
      cancelLabel={t`キャンセル`}
      busy={buy.buying}
      onConfirm={buy.buy}
      onCancel={buy.cancel}
    >
      <dl className="kv">
        <dt>
          <Trans>銘柄</Trans>
        </dt>
        <dd>
          {displayName({ code: offer.code, nameJa: offer.name, nameEn: offer.nameEn }, i18n.locale)} <span className="mono">{offer.code}</span>
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
  );
}
