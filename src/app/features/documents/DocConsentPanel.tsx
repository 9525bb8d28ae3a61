import { useId, useState, type ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ConsentView } from '../../../shared/api/documents';
import { formatDate } from '../../../shared/money';
import { Button } from '../../components/forms/Field';
import { useGiveConsent } from './api';

/**
 * The consent to 電子交付 at first use (docs/domain.md "Documents and exports"): what is delivered,
 * how, how to withdraw, where paper delivery is asked for, and the version agreed to (recorded with
 * its time by the server).
 */
export function DocConsentPanel({ consent }: { consent: ConsentView }) {
  const { t } = useLingui();
  const [agreed, setAgreed] = useState(false);
  const give = useGiveConsent();
  const renewed = consent.version !== null && consent.version !== consent.currentVersion;
  const withdrawnOn = consent.withdrawnAt === null ? '' : formatDate(consent.withdrawnAt);
  return (
    <section className="card doc-consent" data-testid="consent-panel" aria-label={t`電子交付への同意`}>
      <h2 className="card__title">
        <Trans>書面の電子交付への同意</Trans>
      </h2>
      {renewed ? (
        <p className="small doc-consent__renewed">
          <Trans>同意の内容が改定されました。改めてご確認ください。</Trans>
        </p>
      ) : null}
      {withdrawnOn ? (
        <p className="small muted" data-testid="consent-withdrawn">
          <Trans>{withdrawnOn} に同意を撤回されました。改めて同意いただくと、電子交付に戻ります。</Trans>
        </p>
      ) : null}
      <p className="small">
        <Trans>法令で交付が定められた書面を、紙に代えてこのアプリでPDFとしてお届けします。</Trans>
      </p>
      <dl className="doc-consent__terms small">
        <Term label={<Trans>交付する書面</Trans>}>
          <Trans>取引報告書（約定のたびに）、取引残高報告書（四半期ごと・ご請求時）、特定口座年間取引報告書（毎年1月）</Trans>
        </Term>
        <Term label={<Trans>受け取り方</Trans>}>
          <Trans>この画面にPDFで届き、届いたときはメッセージでお知らせします。PDFはいつでも開いて保存できます。</Trans>
        </Term>
        <Term label={<Trans>同意の撤回</Trans>}>
          <Trans>この画面からいつでも撤回できます。</Trans>
        </Term>
        <Term label={<Trans>書面（紙）での交付</Trans>}>
          <Trans>同意されない場合や撤回の後は、書面（紙）での交付をお申し出いただけます（宛先は下記のとおりです）。</Trans>
        </Term>
        <Term label={<Trans>同意書の版</Trans>}>
          <span className="mono">{consent.currentVersion}</span>
        </Term>
      </dl>
      <ConsentCheck checked={agreed} onChange={setAgreed} />
      <Button disabled={!agreed} loading={give.isPending} onClick={() => give.mutate(consent.currentVersion)} data-testid="consent-submit">
        <Trans>同意する</Trans>
      </Button>
    </section>
  );
}

function Term({ label, children }: { label: ReactNode; children: ReactNode }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** The checkbox (components/forms' Checkbox drawn the same, with the test id on the input itself). */
function ConsentCheck({ checked, onChange }: { checked: boolean; onChange: (v: boolean) => void }) {
  const id = useId();
  return (
    <div className="check">
      <div className="check__row">
        <label className="check__hit" htmlFor={id}>
          <input id={id} type="checkbox" className="check__input" checked={checked} onChange={(e) => onChange(e.currentTarget.checked)} data-testid="consent-agree" />
        </label>
        <label htmlFor={id} className="check__label">
          <Trans>上記の内容を確認し、書面を電子交付で受け取ることに同意します</Trans>
        </label>
      </div>
    </div>
  );
}
