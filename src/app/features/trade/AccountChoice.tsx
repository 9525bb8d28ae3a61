import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import type { AccountType } from '../../../shared/domain/account-type';
import { formatMoney } from '../../../shared/money';
import { ACCOUNT_BADGE, ACCOUNT_NAME } from '../tax-account';
import { exceedsRoom, refusalNotes, type AccountOption, type AccountRefusal } from './account-choice';
import type { OrderPreview } from './api';

/**
 * 預り区分 of an opening order (docs/domain.md "Account types and NISA"): 特定 / 一般 / NISA成長 /
 * NISAつみたて, each refused one disabled with the reason said once below; the server's default
 * (the preview's `account`) is chosen until the user picks; the NISA room left from the preview.
 */
export function AccountChoice(props: {
  options: readonly AccountOption[];
  value: AccountType | null;
  onChange: (a: AccountType) => void;
  nisa: OrderPreview['nisa'] | undefined;
  /** What the order would take from the room: its total now, or its reservation while it waits. */
  need: number | null;
  /** The server's refusal of the account sent (useTicketCommands). */
  refusal: string | null;
}) {
  const { t, i18n } = useLingui();
  const { options, value, onChange, nisa, need } = props;
  const nisaUsable = options.some((o) => o.value === 'nisa_growth' && o.refusal === null);
  return (
    <div className="ticket__field account-choice" data-testid="account-choice">
      <span className="stepper__label">
        <Trans>預り区分</Trans>
      </span>
      <div className="segmented segmented--chips account-choice__opts" role="radiogroup" aria-label={t`預り区分`}>
        {options.map((o) => (
          <button
            key={o.value}
            type="button"
            role="radio"
            aria-checked={o.value === value}
            disabled={o.refusal !== null}
            data-account={o.value}
            className={`segmented__opt${o.value === value ? ' segmented__opt--on' : ''}`}
            onClick={() => onChange(o.value)}
          >
            {i18n._(ACCOUNT_BADGE[o.value])}
          </button>
        ))}
      </div>
      {nisa && nisaUsable ? (
        <p className="stepper__hint account-choice__room" data-testid="nisa-room">
          <span>
            <Trans>NISA 年間投資枠 残り {formatMoney(nisa.yearRemaining)}</Trans>
          </span>
          {' ・ '}
          <span>
            <Trans>生涯 残り {formatMoney(nisa.lifetimeRemaining)}</Trans>
          </span>
        </p>
      ) : null}
      {exceedsRoom(value, nisa?.room ?? null, need) ? (
        <p className="field__error" role="alert" data-testid="nisa-over">
          <Trans>この注文はNISAの残り枠を超えます。数量を減らすか、特定または一般を選んでください。</Trans>
        </p>
      ) : null}
      {props.refusal ? (
        <p className="field__error" role="alert">
          {props.refusal}
        </p>
      ) : null}
      {refusalNotes(options).map((n) => (
        <p key={n.refusal} className="stepper__hint account-choice__note" data-account-refusal={n.refusal}>
          <b>{n.accounts.map((a) => i18n._(ACCOUNT_BADGE[a])).join(' / ')}</b>
          <Trans context="label separator">：</Trans>
          <RefusalText refusal={n.refusal} />
        </p>
      ))}
    </div>
  );
}

function RefusalText({ refusal }: { refusal: AccountRefusal }) {
  switch (refusal) {
    case 'no_specific':
      return <Trans>一般口座のみをお選びのため、特定口座は使えません。</Trans>;
    case 'nisa_margin':
      return <Trans>信用取引はNISAでは取引できません。</Trans>;
    case 'tsumitate_funds':
      return <Trans>つみたて投資枠で買えるのは指定された投資信託だけで、取り扱いはまだありません。</Trans>;
    case 'not_eligible':
      return <Trans>整理銘柄・監理銘柄はNISAでは買えません。</Trans>;
    case 'nisa_closed':
      return (
        <Trans>
          NISA口座が開設されていません。
          <Link to="/information/nisa" className="link">
            NISA口座を申し込む
          </Link>
        </Trans>
      );
    case 'nisa_pending':
      // The NISA screen's own words for a pending application (NisaStatus.tsx): one message, already translated.
      return <Trans>NISA口座のお申し込みを受け付けました。審査の結果をメッセージでお知らせします。審査中は特定口座・一般口座でお取引いただけます。</Trans>;
  }
}

/** The confirm sheet's 預り区分 row (a dt/dd pair of its list), the long name; nothing without an account. */
export function AccountRow({ account }: { account: AccountType | null }) {
  const { i18n } = useLingui();
  if (!account) return null;
  return (
    <>
      <dt>
        <Trans>預り区分</Trans>
      </dt>
      <dd data-testid="confirm-account">{i18n._(ACCOUNT_NAME[account])}</dd>
    </>
  );
}
