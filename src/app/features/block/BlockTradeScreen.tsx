import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { Page } from '../../components/Page';
import { Icon } from '../../components/Icon';
import * as icons from '../../components/icons';
import { BlockOfferList } from './OfferList';

/** /home/blockTrade — block-trade offers (open and upcoming), with a link to the user's records. */
export function BlockTradeScreen() {
  const { t } = useLingui();
  return (
    <Page
      title={t`ブロック取引`}
      right={
        <Link to="/home/blockTrade2" className="icon-btn" aria-label={t`注文履歴`}>
          <Icon d={icons.list} size={22} />
        </Link>
      }
    >
      <p className="notice">
        <Icon d={icons.info} size={18} />
        <span>
          <Trans>
            ブロック取引は、当社が登録した案件を取引価格で現物購入する取引です。最低購入数量以上、残り数量の範囲内で、募集期間中にお申し込みいただけます。購入した株式はロック期間が終わるまで売却できません。
          </Trans>
        </span>
      </p>
      <BlockOfferList />
      <Link to="/home/blockTrade2" className="btn btn--secondary btn--block">
        <Trans>注文履歴を見る</Trans>
      </Link>
    </Page>
  );
}
