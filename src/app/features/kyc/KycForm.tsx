import { useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { DOCUMENT_TYPES, type DocumentType, type KycSubmission } from '../../../shared/api/kyc';
import type { TaxAccountChoice } from '../../../shared/api/tax-account';
import { documentNumberValid, normaliseDocumentNumber, normaliseKanaName } from '../../../shared/domain/kyc-rules';
import { isApiError } from '../../api/client';
import { userInfoKey } from '../../api/account';
import { useServerErrors } from '../../api/server-errors';
import { translateMessage } from '../../i18n/translate';
import { getLanguage } from '../../storage';
import { Button, TextField } from '../../components/forms/Field';
import { PhotoUpload } from '../uploads';
import { Segmented } from '../../components/Segmented';
import { toast } from '../../components/Toast';
import { kycKey, submitKyc } from './api';
import { DocumentTypeText } from './DocumentTypeText';
import { liveKana } from './live-kana';
import { TaxAccountChoiceField } from './TaxAccountChoiceField';

type Field = 'name' | 'nameKana' | 'documentNumber' | 'frontUploadId' | 'backUploadId';
const FIELDS: readonly Field[] = ['name', 'nameKana', 'documentNumber', 'frontUploadId', 'backUploadId'];
/** Refusals that name no field but are about one (useServerErrors). */
const REFUSAL_FIELD: Partial<Record<string, Field>> = { kana_invalid: 'nameKana', kana_latin_letters: 'nameKana', document_number_invalid: 'documentNumber' };

/** The 本人確認 form; a failed submission's names and document prefill a resubmission (photos are taken again). */
export function KycForm({ previous, onSubmitted }: { previous: KycSubmission | null; onSubmitted: () => void }) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const lang = getLanguage();
  const [name, setName] = useState(previous?.name ?? '');
  const [nameKana, setNameKana] = useState(previous?.nameKana ?? '');
  const [documentType, setDocumentType] = useState<DocumentType>(previous?.documentType ?? 'driver_licence');
  const [documentNumber, setDocumentNumber] = useState('');
  const [front, setFront] = useState<string | null>(null);
  const [back, setBack] = useState<string | null>(null);
  const [taxAccount, setTaxAccount] = useState<TaxAccountChoice>('specific_withholding');
  const [tried, setTried] = useState(false);
  const refused = useServerErrors(FIELDS, REFUSAL_FIELD);

  const kana = normaliseKanaName(nameKana);
  const number = normaliseDocumentNumber(documentNumber);
  const errors: Record<Field, string | null> = {
    name: name.trim() ? null : t`氏名を入力してください`,
    nameKana: !nameKana.trim() ? t`フリガナを入力してください` : kana.ok ? null : translateMessage(kana.error, undefined, lang),
    documentNumber: !number ? t`書類番号を入力してください` : documentNumberValid(documentType, number) ? null : translateMessage('document_number_invalid', undefined, lang),
    frontUploadId: front ? null : t`表面の画像をアップロードしてください`,
    backUploadId: back ? null : t`裏面の画像をアップロードしてください`,
  };
  const values: Record<Field, string> = { name, nameKana, documentNumber, frontUploadId: front ?? '', backUploadId: back ?? '' };
  // The server's refusal of a field stays under it until that field is edited (server-errors.ts).
  const shown = (f: Field) => refused.errorOf(f, values[f]) ?? (tried ? errors[f] : null);

  const submit = useMutation({
    mutationFn: submitKyc,
    onSuccess: async (data) => {
      queryClient.setQueryData(kycKey, data);
      await queryClient.invalidateQueries({ queryKey: userInfoKey });
      toast(t`本人確認書類を提出しました`);
      onSubmitted();
    },
    onError: (e) => {
      refused.report(e, values);
      // A refusal about the state (already under review) changes what the screen should show.
      if (isApiError(e) && e.httpStatus === 409) void queryClient.invalidateQueries({ queryKey: kycKey });
    },
  });

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    refused.clear();
    if (Object.values(errors).some(Boolean) || submit.isPending || !kana.ok || !front || !back) return;
    submit.mutate({ name: name.trim(), nameKana: kana.value, documentType, documentNumber: number, frontUploadId: front, backUploadId: back, taxAccount });
  };

  const hint: Record<DocumentType, string> = {
    driver_licence: t`運転免許証の12桁の番号`,
    my_number: t`マイナンバーカード裏面の12桁の個人番号`,
    health_insurance: t`記号と番号を続けて入力（英数字8〜20文字）`,
  };

  return (
    <form className="form kyc-form" onSubmit={onSubmit} noValidate data-testid="kyc-form">
      <p className="form__lead">
        <Trans>出金や銀行口座の登録には本人確認が必要です。本人確認書類の内容どおりに入力し、表面と裏面の写真を提出してください。</Trans>
      </p>
      <TextField label={t`氏名（漢字）`} autoComplete="name" maxLength={60} value={name} onChange={(e) => setName(e.currentTarget.value)} error={shown('name')} placeholder={t`山田 太郎`} />
      <TextField
        label={t`フリガナ（全角カタカナ）`}
        maxLength={60}
        value={nameKana}
        onChange={(e) => {
          const v = e.currentTarget.value;
          setNameKana((e.nativeEvent as InputEvent).isComposing ? v : liveKana(v));
        }}
        onCompositionEnd={(e) => setNameKana(liveKana(e.currentTarget.value))}
        onBlur={() => kana.ok && setNameKana(kana.value)}
        error={shown('nameKana')}
        placeholder={t`ヤマダ タロウ`}
        hint={t`ひらがなや半角カナは全角カタカナに変換されます`}
      />
      <div className="field">
        <span className="field__label">
          <Trans>本人確認書類</Trans>
        </span>
        <Segmented
          label={t`本人確認書類`}
          value={documentType}
          onChange={setDocumentType}
          className="kyc-form__types"
          options={DOCUMENT_TYPES.map((d) => ({ value: d, label: <DocumentTypeText type={d} /> }))}
        />
      </div>
      <TextField
        label={t`書類番号`}
        inputMode={documentType === 'health_insurance' ? 'text' : 'numeric'}
        autoComplete="off"
        maxLength={40}
        value={documentNumber}
        onChange={(e) => setDocumentNumber(e.currentTarget.value)}
        error={shown('documentNumber')}
        hint={hint[documentType]}
      />
      <PhotoUpload label={t`書類の表面`} purpose="kyc_front" onChange={setFront} error={shown('frontUploadId')} testId="kyc-front" />
      <PhotoUpload label={t`書類の裏面`} purpose="kyc_back" onChange={setBack} error={shown('backUploadId')} testId="kyc-back" />
      <p className="form__note">
        <Trans>写真は端末で縮小してから送信します。位置情報などの撮影情報は保存されません。</Trans>
      </p>
      <TaxAccountChoiceField value={taxAccount} onChange={setTaxAccount} />
      {refused.formError ? (
        <p className="field__error" role="alert">
          {refused.formError}
        </p>
      ) : null}
      <div className="form__actions">
        <Button type="submit" loading={submit.isPending}>
          <Trans>提出する</Trans>
        </Button>
      </div>
    </form>
  );
}
