import { useLingui } from '@lingui/react/macro';
import type { LimitPriceRefusal } from '../../../shared/market/order-price';
import { formatPriceYen } from '../../../shared/money';
import { Icon } from '../../components/Icon';
import * as icons from '../../components/icons';
import { translateMessage } from '../../i18n/translate';
import { getLanguage } from '../../storage';
import { suggestedPrices } from './ticket';

/**
 * A typed limit price the server would refuse: the server's own message (same id and params,
 * docs/domain.md "Trading") and one button per nearest valid price. The price is changed only when
 * the user taps one of them.
 */
export function LimitPriceNotice({ refusal, onPick }: { refusal: LimitPriceRefusal; onPick: (price: number) => void }) {
  const { t, i18n } = useLingui();
  const scale = refusal.params.priceScale;
  return (
    <div className="notice notice--warn" role="alert" data-refusal={refusal.id}>
      <Icon d={icons.alert} size={18} />
      <span>
        {translateMessage(refusal.id, refusal.params, getLanguage(), i18n)}
        <span className="limit-picks">
          {suggestedPrices(refusal).map((p) => {
            const price = formatPriceYen(p, scale);
            return (
              <button key={p} type="button" className="btn btn--secondary limit-picks__btn" onClick={() => onPick(p)}>
                {t`${price}にする`}
              </button>
            );
          })}
        </span>
      </span>
    </div>
  );
}
