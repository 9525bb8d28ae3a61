import { useState } from 'react';
import { Link } from '@tanstack/react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { isApiError } from '../../api/client';
import { translateMessage } from '../../i18n/translate';
import { getLanguage } from '../../storage';
import { Button, Checkbox } from '../../components/forms/Field';
import { applyForNisa, kycStatusQuery, taxAccountKey } from './api';

/**
 * The NISA application (docs/domain.md "Account types and NISA"): one NISA account per person per
 * year across all firms, so the user declares they hold none elsewhere; the 非課税口座開設届出書 needs
 * the My Number, so only a 本人確認 verified with the My Number card may apply (the server decides,
 * this screen says so before the tap).
 */
export function NisaApplyForm() {
  const { t } = useLingui();
  const client = useQueryClient();
  const kyc = useQuery(kycStatusQuery());
  const [declared, setDeclared] = useState(false);
  const apply = useMutation({
    mutationFn: () => applyForNisa({ declaration: true }),
    onSuccess: (view) => client.setQueryData(taxAccountKey, view),
  });
  const k = kyc.data;
  const myNumberOk = k ? k.status === 'verified' && k.submission?.documentType === 'my_number' : true;
  const refusal = apply.isError && isApiError(apply.error) ? apply.error : null;
  const needsKyc = !myNumberOk || refusal?.msg === 'nisa_my_number_required';
  const error = apply.isError && !needsKyc
    ? translateMessage(refusal ? refusal.msg : 'network_error', refusal?.params, getLanguage())
    : null;
  return (
    <form
      className="nisa-apply"
      aria-label={t`NISA口座の申し込み`}
      onSubmit={(e) => {
        e.preventDefault();
        if (declared && !needsKyc && !apply.isPending) apply.mutate();
      }}
    >
      <ul className="nisa-apply__facts small">
        <li>
          <Trans>NISA口座は、すべての金融機関を通じて1人1口座です（年単位で変更できます）。</Trans>
        </li>
        <li>
          <Trans>開設には、マイナンバーカードによる本人確認が必要です（非課税口座開設届出書にマイナンバーを記載するため）。</Trans>
        </li>
        <li>
          <Trans>税務署での確認のため、審査に日数がかかります。結果はメッセージでお知らせします。</Trans>
        </li>
      </ul>
      {needsKyc ? (
        <div className="nisa-refusal" role="alert" data-testid="nisa-kyc-required">
          <p className="small">{translateMessage('nisa_my_number_required', undefined, getLanguage())}</p>
          <Link to="/information/authInfo" className="link small">
            <Trans>本人確認へ進む</Trans>
          </Link>
        </div>
      ) : null}
      <Checkbox checked={declared} onChange={setDeclared}>
        <Trans>今年、他の金融機関でNISA口座を保有していません</Trans>
      </Checkbox>
      {error ? (
        <p className="field__error" role="alert">
          {error}
        </p>
      ) : null}
      <Button type="submit" disabled={!declared || needsKyc} loading={apply.isPending}>
        <Trans>NISA口座を申し込む</Trans>
      </Button>
    </form>
  );
}
