import { Link } from '@tanstack/react-router';
import { Trans } from '@lingui/react/macro';
import { Icon } from '../../components/Icon';
import * as icons from '../../components/icons';

/** Where paper delivery is asked for: the operator's address, or that none is set (then the support chat). */
export function PaperAddress({ address }: { address: string }) {
  return address ? (
    <span className="doc-address" data-testid="paper-address">
      <Trans>宛先：{address}</Trans>
    </span>
  ) : (
    <span className="doc-address doc-address--none">
      <Trans>運営者の住所が設定されていません。カスタマーサポートのチャットでお申し出ください。</Trans>
    </span>
  );
}

/** The link to the support chat (/information/service), where paper delivery can also be asked for. */
export function SupportLink() {
  return (
    <Link to="/information/service" className="link doc-support-link" data-testid="paper-support">
      <Trans>カスタマーサポートに問い合わせる</Trans>
      <Icon d={icons.chevron} size={16} />
    </Link>
  );
}

/** Without consent: documents are still issued here; this says how paper delivery is asked for. */
export function DocPaperNotice({ address }: { address: string }) {
  return (
    <section className="notice notice--warn doc-paper" data-testid="paper-delivery">
      <Icon d={icons.info} size={18} />
      <div className="doc-paper__body">
        <p className="doc-paper__title">
          <Trans>書面（紙）での交付</Trans>
        </p>
        <p>
          <Trans>電子交付に同意されていません。書面はこの画面でもご覧いただけます。書面（紙）での交付をご希望の場合は、次の宛先へお申し出ください。</Trans>
        </p>
        <p>
          <PaperAddress address={address} />
        </p>
        <SupportLink />
      </div>
    </section>
  );
}
