import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { userInfoQuery } from '../../api/account';
import { getLanguage } from '../../storage';
import { ENDONYM } from '../../i18n/languages';
import { Page } from '../../components/Page';
import { Icon } from '../../components/Icon';
import * as icons from '../../components/icons';
import { MenuGroup, MenuLink } from '../../components/Menu';
import { Spinner } from '../../components/Spinner';
import { AsOf } from '../../components/AsOf';
import { StateBadge, maskPhone } from '../account';
import { Copy } from '../../components/Copy';
import { AssetCard } from '../funds';
import { MyFundHoldings } from '../strategies';
import { KycStatusText } from '../kyc';
import { MarginAccountMenuLink } from '../margin-account';
import { TaxAccountMenuLinks } from '../tax-account';
import { useUnread } from '../messaging';
import { DocumentsMenuLinks } from '../documents';

/** /information/index — "My page": account header, assets (from the ledger), menus. */
export function MineScreen() {
  const unread = useUnread();
  const { t } = useLingui();
  const info = useQuery(userInfoQuery());
  const user = info.data;
  return (
    <Page title={t`マイページ`} back={false} tabbed>
      <section className="account-head" aria-label={t`アカウント`}>
        <span className="account-head__avatar">
          <Icon d={icons.user} size={30} />
        </span>
        <div className="account-head__main">
          {user ? (
            <>
              <p className="account-head__phone">
                {maskPhone(user.phone)} <StateBadge state={user.state} />
              </p>
              <p className="account-head__invite">
                <span>
                  <Trans>招待コード</Trans>
                </span>
                <span className="mono">{user.inviteCode}</span>
                <Copy text={user.inviteCode} label={t`招待コードをコピー`} />
              </p>
              <AsOf query={info} testId="account-asof" inverse />
            </>
          ) : info.isError ? (
            <p className="account-head__phone">
              <Trans>アカウント情報を読み込めませんでした</Trans>
            </p>
          ) : (
            <Spinner size={22} label={t`読み込み中…`} />
          )}
        </div>
      </section>

      <AssetCard />
      <MyFundHoldings />

      <MenuGroup title={<Trans>入出金・お取引</Trans>}>
        <MenuLink to="/information/recharge" icon={icons.deposit} label={<Trans>入金</Trans>} />
        <MenuLink to="/information/cashOut" icon={icons.withdraw} label={<Trans>出金</Trans>} />
        <MenuLink to="/information/fundRecord" icon={icons.list} label={<Trans>取引履歴</Trans>} />
        <DocumentsMenuLinks />
        <MenuLink to="/information/exChange" icon={icons.exchange} label={<Trans>通貨両替</Trans>} />
        <MenuLink to="/information/loan" icon={icons.wallet} label={<Trans>証券担保ローン</Trans>} />
      </MenuGroup>

      <MenuGroup title={<Trans>アカウント管理</Trans>}>
        <MenuLink to="/information/userInfo" icon={icons.user} label={<Trans>お客様情報</Trans>} />
        <MenuLink
          to="/information/authInfo"
          icon={icons.idcard}
          label={<Trans>本人確認</Trans>}
          value={user ? <KycStatusText status={user.kycStatus} /> : undefined}
        />
        <MarginAccountMenuLink />
        <TaxAccountMenuLinks />
        <MenuLink to="/information/bankList" icon={icons.card} label={<Trans>銀行口座</Trans>} />
        <MenuLink to="/information/usdtAddress" icon={icons.wallet} label={<Trans>USDTアドレス</Trans>} />
        <MenuLink to="/information/loginPass" icon={icons.lock} label={<Trans>ログインパスワード</Trans>} />
        <MenuLink
          to="/information/fundPass"
          icon={icons.key}
          label={<Trans>取引暗証番号</Trans>}
          value={user ? (user.fundPasswordSet ? <Trans>設定済み</Trans> : <Trans>未設定</Trans>) : undefined}
        />
        <MenuLink to="/information/loginDevices" icon={icons.clock} label={<Trans>ログイン履歴・端末管理</Trans>} />
      </MenuGroup>

      <MenuGroup title={<Trans>その他</Trans>}>
        <MenuLink to="/information/msgInfo" icon={icons.mail} label={<Trans>メッセージ</Trans>} value={unread.total > 0 ? <span className="msg-count" data-testid="mine-unread">{unread.total}</span> : undefined} />
        <MenuLink to="/information/service" icon={icons.support} label={<Trans>カスタマーサポート</Trans>} />
        <MenuLink to="/information/changeLang" icon={icons.globe} label={<Trans>言語</Trans>} value={ENDONYM[getLanguage()]} />
        <MenuLink to="/information/aboutUs" icon={icons.info} label={<Trans>会社概要・プライバシーポリシー</Trans>} />
        <MenuLink to="/information/aboutUs" search={{ section: 'fraud' }} icon={icons.shield} label={<Trans>詐欺にご注意ください</Trans>} />
        <MenuLink to="/information/setting" icon={icons.settings} label={<Trans>設定</Trans>} />
      </MenuGroup>

      {/* Admins only (the /admin routes check the flag too, and the server every admin call). */}
      {user?.isAdmin ? (
        <MenuGroup>
          <MenuLink to="/admin/users" icon={icons.shield} label={<Trans>管理画面</Trans>} />
        </MenuGroup>
      ) : null}
    </Page>
  );
}
