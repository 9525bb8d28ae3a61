import { Trans, useLingui } from '@lingui/react/macro';
import { formatDateTime, formatNumber } from '../../../shared/money';
import { Icon } from '../../components/Icon';
import * as icons from '../../components/icons';
import type { BlockOffer, OfferPhase } from './OfferList';

/** The offer's rules, shown before the shares: minimum, what is left, the window, the lock, cash only. */
export function BlockBuyRules({ offer, min }: { offer: BlockOffer; min: number }) {
  const { t } = useLingui();
  return (
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
  );
}

/** Outside the offer's window: not open yet, or over. */
export function PhaseNotice({ phase }: { phase: Exclude<OfferPhase, 'open'> }) {
  return (
    <p className="notice notice--warn">
      <Icon d={icons.clock} size={18} />
      <span>{phase === 'upcoming' ? <Trans>募集開始前です。募集期間中にお申し込みください。</Trans> : <Trans>この案件の募集は終了しました。</Trans>}</span>
    </p>
  );
}
