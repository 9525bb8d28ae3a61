import { useState, type FormEvent } from 'react';
import { useRouter } from '@tanstack/react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { ACCOUNT_NUMBER_DIGITS, BANK_ACCOUNT_TYPES, type BankAccountType, type BankRow } from '../../../shared/api/cash';
import type { MessageId } from '../../../shared/api/messages';
import { FUND_PASSWORD_PATTERN } from '../../../shared/domain/account';
import { convertHolderKanaInput, holderMatchKey, normalizeHolderKana } from '../../../shared/domain/kana';
import { isApiError } from '../../api/client';
import { useServerErrors } from '../../api/server-errors';
import { translateMessage } from '../../i18n/translate';
import { getLanguage } from '../../storage';
import { Page } from '../../components/Page';
import { EmptyView } from '../../components/EmptyView';
import { FirstLoad } from '../../components/Spinner';
import { Segmented } from '../../components/Segmented';
import { Button, FundPasswordField, TextField } from '../../components/forms/Field';
import { Icon } from '../../components/Icon';
import { toast } from '../../components/Toast';
import * as icons from '../../components/icons';
import { addBankAccount, bankAccountsQuery, cashKey } from './api';
import { ACCOUNT_TYPE_LABEL } from './labels';
import { KycNotice } from './KycNotice';
import { ZenginSheet } from './ZenginSheet';
import { ChangeGate, HoldLead, useFundPasswordSet, useReauthNeeded } from './ChangeGate';
import './cash.css';

/**
 * /information/addBankCard — register an own-name bank account chosen from the Zengin list, with the
 * fund password, in a session signed in within the last minutes (else the way to each first).
 */
export function AddBankCardScreen() {
  const { t } = useLingui();
  // Read afresh on every visit: the answer says how long this session may still add one.
  const list = useQuery({ ...bankAccountsQuery(), staleTime: 0 });
  const needsLogin = useReauthNeeded(list);
  const fundPasswordSet = useFundPasswordSet();
  const [refused, setRefused] = useState(false);
  const title = t`銀行口座の登録`;
  if (list.data && needsLogin !== null) {
    if (!list.data.identity.verified || !fundPasswordSet || needsLogin || refused)
      return (
        <Page title={title} fallback="/information/bankList" className="cash">
          {list.data.identity.verified ? (
            <ChangeGate fundPasswordSet={fundPasswordSet} needsLogin={needsLogin || refused} returnTo="/information/addBankCard" />
          ) : (
            <KycNotice />
          )}
        </Page>
      );
    return <AddBankCardForm kycKana={list.data.identity.holderKana} onReauth={() => setRefused(true)} />;
  }
  return (
    <Page title={title} fallback="/information/bankList">
      {list.isError ? (
        <EmptyView
          icon={icons.info}
          text={<Trans>読み込めませんでした</Trans>}
          action={
            <button type="button" className="btn btn--secondary" onClick={() => void list.refetch()}>
              <Trans>再試行</Trans>
            </button>
          }
        />
      ) : (
        <FirstLoad text={t`読み込み中…`} />
      )}
    </Page>
  );
}

const say = (id: MessageId, params?: Record<string, string | number>) => translateMessage(id, params, getLanguage());

/** Digits only (full-width digits become ASCII), at most 7: a shorter number is refused, never padded. */
const numberInput = (v: string) => v.normalize('NFKC').replace(/\D/g, '').slice(0, ACCOUNT_NUMBER_DIGITS);

type Field = 'bank' | 'branch' | 'number' | 'holder' | 'fundPassword';
const FIELDS: readonly Field[] = ['bank', 'branch', 'number', 'holder', 'fundPassword'];
/** The server's refusals that name no field but are about one (useServerErrors). */
const REFUSAL_FIELD: Partial<Record<string, Field>> = {
  bank_not_found: 'bank',
  branch_not_found: 'branch',
  bank_account_number_invalid: 'number',
  card_exists: 'number',
  bank_holder_mismatch: 'holder',
  kana_invalid: 'holder',
  kana_latin_letters: 'holder',
  fund_password_wrong: 'fundPassword',
  fund_password_not_set: 'fundPassword',
};

function AddBankCardForm({ kycKana, onReauth }: { kycKana: string | null; onReauth: () => void }) {
  const { t, i18n } = useLingui();
  const router = useRouter();
  const queryClient = useQueryClient();
  const [bank, setBank] = useState<BankRow | null>(null);
  const [branch, setBranch] = useState<BankRow | null>(null);
  const [type, setType] = useState<BankAccountType>('futsu');
  const [number, setNumber] = useState('');
  const [holder, setHolder] = useState(kycKana ?? '');
  const [fundPassword, setFundPassword] = useState('');
  const [sheet, setSheet] = useState<'bank' | 'branch' | null>(null);
  const [submitted, setSubmitted] = useState(false);
  const refused = useServerErrors(FIELDS, REFUSAL_FIELD);

  const errors: Partial<Record<Field, string>> = {};
  if (!bank) errors.bank = t`銀行を選んでください`;
  if (!branch) errors.branch = t`支店を選んでください`;
  if (number.length !== ACCOUNT_NUMBER_DIGITS) errors.number = say('bank_account_number_invalid');
  const kana = normalizeHolderKana(holder);
  if (!kana.ok) errors.holder = say(kana.problem === 'latin' ? 'kana_latin_letters' : 'kana_invalid');
  else if (kycKana && holderMatchKey(kana.value) !== holderMatchKey(kycKana)) errors.holder = say('bank_holder_mismatch');
  if (!FUND_PASSWORD_PATTERN.test(fundPassword)) errors.fundPassword = t`取引暗証番号（6桁の数字）を入力してください`;
  const values: Record<Field, string> = { bank: bank?.code ?? '', branch: branch?.code ?? '', number, holder, fundPassword };
  const shown = (f: Field) => (submitted ? (errors[f] ?? null) : null) ?? refused.errorOf(f, values[f]);

  const save = useMutation({
    mutationFn: addBankAccount,
    onSuccess: async () => {
      toast(t`銀行口座を登録しました`);
      await queryClient.invalidateQueries({ queryKey: cashKey });
      void router.navigate({ to: '/information/bankList', replace: true });
    },
    onError: (e) => {
      // The sign-in grew too old while the form was filled: lead to the re-login.
      if (isApiError(e) && e.msg === 'reauth_required') return onReauth();
      refused.report(e, values);
    },
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
    refused.clear();
    if (Object.keys(errors).length > 0 || !bank || !branch || save.isPending) return;
    save.mutate({ bankCode: bank.code, branchCode: branch.code, type, number, holderKana: kana.ok ? kana.value : holder, fundPassword });
  };

  return (
    <Page title={t`銀行口座の登録`} fallback="/information/bankList" className="cash">
      <form className="form" onSubmit={submit} noValidate>
        <p className="form__lead">
          <Trans>出金先として、ご本人名義の銀行口座を登録します。口座名義は本人確認のお名前（カナ）と同じである必要があります。</Trans>
        </p>
        <HoldLead />
        <PickerField
          label={t`銀行`}
          placeholder={t`銀行を検索（銀行名・かな・コード）`}
          value={bank}
          error={shown('bank')}
          onOpen={() => setSheet('bank')}
        />
        <PickerField
          label={t`支店`}
          placeholder={bank ? t`支店を検索（支店名・かな・コード）` : t`先に銀行を選んでください`}
          value={branch}
          error={shown('branch')}
          disabled={!bank}
          onOpen={() => setSheet('branch')}
        />
        <div className="field">
          <span className="field__label">
            <Trans>口座種別</Trans>
          </span>
          <Segmented
            label={t`口座種別`}
            value={type}
            options={BANK_ACCOUNT_TYPES.map((v) => ({ value: v, label: i18n._(ACCOUNT_TYPE_LABEL[v]) }))}
            onChange={setType}
          />
        </div>
        <TextField
          label={t`口座番号（7桁）`}
          inputMode="numeric"
          pattern="[0-9]*"
          autoComplete="off"
          maxLength={ACCOUNT_NUMBER_DIGITS}
          name="number"
          value={number}
          onChange={(e) => setNumber(numberInput(e.currentTarget.value))}
          error={shown('number')}
          hint={t`7桁に満たない番号は自動で補いません。通帳の表記どおり先頭の0も入力してください。`}
        />
        <TextField
          label={t`口座名義（全角カタカナ）`}
          autoComplete="off"
          name="holder"
          value={holder}
          maxLength={60}
          // Converted as typed (hiragana and half-width kana to full-width katakana), but not while
          // the IME is composing: converting mid-composition would break the Japanese input.
          onChange={(e) => {
            const v = e.currentTarget.value;
            setHolder((e.nativeEvent as InputEvent).isComposing ? v : convertHolderKanaInput(v));
          }}
          onCompositionEnd={(e) => setHolder(convertHolderKanaInput(e.currentTarget.value))}
          error={shown('holder')}
          hint={kycKana ? t`本人確認のお名前：${kycKana}` : undefined}
        />
        <FundPasswordField value={fundPassword} onChange={setFundPassword} testId="destination-fund-password" />
        {shown('fundPassword') ? <p className="field__error cash-error">{shown('fundPassword')}</p> : null}
        {refused.formError ? (
          <p className="field__error cash-error" role="alert" data-testid="server-error">
            {refused.formError}
          </p>
        ) : null}
        <div className="form__actions">
          <Button type="submit" loading={save.isPending}>
            <Trans>口座を登録する</Trans>
          </Button>
        </div>
      </form>
      {sheet === 'bank' ? (
        <ZenginSheet
          onClose={() => setSheet(null)}
          onPick={(b) => {
            setSheet(null);
            if (b.code !== bank?.code) setBranch(null);
            setBank(b);
          }}
        />
      ) : null}
      {sheet === 'branch' && bank ? (
        <ZenginSheet
          bankCode={bank.code}
          onClose={() => setSheet(null)}
          onPick={(b) => {
            setSheet(null);
            setBranch(b);
          }}
        />
      ) : null}
    </Page>
  );
}

function PickerField({ label, placeholder, value, error, disabled, onOpen }: { label: string; placeholder: string; value: BankRow | null; error: string | null; disabled?: boolean; onOpen: () => void }) {
  const { t } = useLingui();
  return (
    <div className={error ? 'field field--error' : 'field'}>
      <span className="field__label">{label}</span>
      <button type="button" className="cash-picker" onClick={onOpen} disabled={disabled} aria-haspopup="dialog" aria-label={value ? `${label}: ${value.name}` : `${label}: ${placeholder}`}>
        <Icon d={icons.search} size={20} className="cash-picker__icon" />
        {value ? (
          <span className="cash-picker__main">
            <span className="cash-picker__name">{value.name}</span>
            <span className="cash-picker__code mono">{value.code}</span>
          </span>
        ) : (
          <span className="cash-picker__placeholder">{placeholder}</span>
        )}
        {value ? <span className="cash-picker__change">{t`変更`}</span> : null}
      </button>
      {error ? <p className="field__error">{error}</p> : null}
    </div>
  );
}
