import { Trans, useLingui } from '@lingui/react/macro';
import { Icon } from '../../components/Icon';
import * as icons from '../../components/icons';
import { toast } from '../../components/Toast';
import { annualPreviewUrl, useRequestBalanceReport } from './api';

/** 取引残高報告書 on request (start of this quarter → now) and this year's 年間取引報告書 preview. */
export function DocRequests() {
  const { t } = useLingui();
  const request = useRequestBalanceReport((d) => {
    const number = d.number;
    toast(t`取引残高報告書を発行しました（${number}）`);
  });
  const ask = () => {
    request.begin();
    request.mutate({});
  };
  return (
    <section className="doc-requests" aria-label={t`書面の請求`}>
      <button type="button" className="btn btn--secondary doc-requests__btn" onClick={ask} disabled={request.isPending} aria-busy={request.isPending || undefined} data-testid="doc-request-balance">
        <Icon d={icons.list} size={18} />
        <span>
          <Trans>取引残高報告書を請求</Trans>
        </span>
      </button>
      <a className="btn btn--secondary doc-requests__btn" href={annualPreviewUrl()} target="_blank" rel="noopener" data-testid="doc-annual-preview">
        <Icon d={icons.chart} size={18} />
        <span>
          <Trans>今年の年間取引報告書（プレビュー）</Trans>
        </span>
      </a>
      <p className="small muted doc-requests__note">
        <Trans>取引残高報告書は今四半期の初日から今日までの分を発行します。プレビューは確定前の今年の特定口座の取引で、保存されません。</Trans>
      </p>
    </section>
  );
}
