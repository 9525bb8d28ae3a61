import { Trans, useLingui } from '@lingui/react/macro';
import { useLingui as useLinguiCore } from '@lingui/react';
import { LOT_SIZE } from '../../../shared/market/price';
import { formatInt, formatPriceYen } from '../../../shared/money';
import { displayName } from '../../../shared/market/local-names';
import { Spinner } from '../../components/Spinner';
import { type BlockBand } from './admin-api';
import { useCreateOffer, type CreateOfferState, type OfferValues } from './useCreateOffer';
import { ReasonDialog } from '../admin';

/** A new offer: look up the stock's price band, fill in the offer inside it, confirm with a reason. The state is useCreateOffer's. */
export function CreateOffer() {
  const { t } = useLingui();
  const c = useCreateOffer();
  const { code, band, confirming } = c;
  return (
    <section className="admin-card" aria-labelledby="create-h">
      <h3 id="create-h" className="admin-card__title">
        <Trans>新規作成</Trans>
      </h3>
      <form className="admin-search" onSubmit={c.lookUp}>
        <input className="field__input mono" value={c.codeText} maxLength={16} placeholder={t`銘柄コード（例 7203）`} aria-label={t`銘柄コード`} onChange={(e) => c.setCodeText(e.target.value)} />
        <button type="submit" className="btn btn--secondary">
          <Trans>価格帯を確認</Trans>
        </button>
      </form>
      {code && band.isFetching ? <Spinner size={20} /> : null}
      {code && band.isError ? (
        <p className="field__error">
          <Trans>銘柄 {code} の価格帯を取得できません</Trans>
        </p>
      ) : null}
      {band.data ? <OfferDraftForm c={c} band={band.data} /> : null}
      {confirming && band.data ? <CreateOfferConfirm c={c} band={band.data} confirming={confirming} /> : null}
    </section>
  );
}

/** The offer as typed: price (inside the band), minimum and total shares (whole lots), lock days, the window. */
function OfferDraftForm({ c, band }: { c: CreateOfferState; band: BlockBand }) {
  const { i18n } = useLinguiCore();
  const { draft, set, outOfBand, badLots } = c;
  return (
    <form className="admin-form" onSubmit={c.review}>
      <p className="admin-band" data-testid="block-band">
        <span className="mono">{band.code}</span> {displayName({ code: band.code, nameJa: band.name, nameEn: band.nameEn }, i18n.locale)} ·{' '}
        <Trans>
          設定できる価格 {formatPriceYen(band.lower, band.priceScale)} 〜 {formatPriceYen(band.upper, band.priceScale)}（基準価格{' '}
          {formatPriceYen(band.base, band.priceScale)} の ±10% かつ値幅制限内）
        </Trans>
      </p>
      <label className={outOfBand ? 'field field--error' : 'field'}>
        <span className="field__label">
          <Trans>価格（円）</Trans>
        </span>
        <input className="field__input mono" inputMode="decimal" value={draft.price} onChange={set('price')} />
        {outOfBand ? (
          <span className="field__error">
            <Trans>価格帯の外です</Trans>
          </span>
        ) : null}
      </label>
      <label className="field">
        <span className="field__label">
          <Trans>最低株数</Trans>
        </span>
        <input className="field__input mono" inputMode="numeric" value={draft.minShares} onChange={set('minShares')} />
      </label>
      <label className={badLots ? 'field field--error' : 'field'}>
        <span className="field__label">
          <Trans>総株数</Trans>
        </span>
        <input className="field__input mono" inputMode="numeric" value={draft.sharesAvailable} onChange={set('sharesAvailable')} />
        {badLots ? (
          <span className="field__error">
            <Trans>株数は{LOT_SIZE}株単位です</Trans>
          </span>
        ) : null}
      </label>
      <label className="field">
        <span className="field__label">
          <Trans>ロック日数（営業日）</Trans>
        </span>
        <input className="field__input mono" inputMode="numeric" value={draft.lockDays} onChange={set('lockDays')} />
      </label>
      <label className="field">
        <span className="field__label">
          <Trans>募集開始日時</Trans>
        </span>
        <input className="field__input" type="datetime-local" value={draft.from} onChange={set('from')} />
      </label>
      <label className="field">
        <span className="field__label">
          <Trans>募集終了日時</Trans>
        </span>
        <input className="field__input" type="datetime-local" value={draft.to} onChange={set('to')} />
      </label>
      <div className="admin-form__actions">
        <button type="submit" className="btn btn--primary" disabled={!c.values || outOfBand || badLots}>
          <Trans>作成…</Trans>
        </button>
      </div>
    </form>
  );
}

/** The new offer, before it is made: the stock, the price, the shares; the reason is given here. */
function CreateOfferConfirm({ c, band, confirming }: { c: CreateOfferState; band: BlockBand; confirming: OfferValues }) {
  const { i18n } = useLinguiCore();
  return (
    <ReasonDialog
      title={<Trans>ブロック取引を作成</Trans>}
      confirmLabel={<Trans>作成する</Trans>}
      busy={c.creating}
      onCancel={c.cancel}
      onConfirm={(reason) => c.send(band, confirming, reason)}
    >
      <p>
        <span className="mono">{band.code}</span> {displayName({ code: band.code, nameJa: band.name, nameEn: band.nameEn }, i18n.locale)} · {formatPriceYen(confirming.price, band.priceScale)} ·{' '}
        <Trans>{formatInt(confirming.sharesAvailable)}株</Trans>
      </p>
    </ReasonDialog>
  );
}
