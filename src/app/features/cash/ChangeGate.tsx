import { useEffect, useState } from 'react';
import { Link } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { Trans } from '@lingui/react/macro';
import { FRESH_LOGIN_MS } from '../../../shared/domain/account';
import { formatDateTimeMinute } from '../../../shared/money';
import { userInfoQuery } from '../../api/account';
import { translateMessage } from '../../i18n/translate';
import { getLanguage } from '../../storage';
import { useSiteConfig } from '../../api/site-config';
import { Icon } from '../../components/Icon';
import * as icons from '../../components/icons';

/*
 * What a payout destination change needs before its form (docs/domain.md "Bank accounts and
 * wallets"): a fund password to confirm it with, and a sign-in made within the last minutes. The
 * screens lead the user to each instead of letting them fill a form the server will refuse.
 */

type ReturnTo = '/information/addBankCard' | '/information/usdtAddress';

/**
 * Whether this session must sign in again before adding a destination: null until the list was read
 * on this visit (a kept answer may be from before a re-login), then from its `freshLoginMs`, turning
 * true when that window runs out while the screen is open.
 */
export function useReauthNeeded(list: { data?: { freshLoginMs: number }; isFetchedAfterMount: boolean; dataUpdatedAt: number }): boolean | null {
  const ms = list.isFetchedAfterMount ? list.data?.freshLoginMs : undefined;
  const [ended, setEnded] = useState<number | null>(null);
  useEffect(() => {
    if (!ms) return;
    const timer = setTimeout(() => setEnded(list.dataUpdatedAt), ms);
    return () => clearTimeout(timer);
  }, [ms, list.dataUpdatedAt]);
  if (ms === undefined) return null;
  return ms === 0 || ended === list.dataUpdatedAt;
}

/** The way on when the change cannot be made yet: set the fund password first, or sign in again. */
export function ChangeGate({ fundPasswordSet, needsLogin, returnTo }: { fundPasswordSet: boolean; needsLogin: boolean; returnTo: ReturnTo }) {
  if (!fundPasswordSet) {
    return (
      <div className="cash-notice" role="note" data-testid="fund-password-required">
        <Icon d={icons.lock} size={20} />
        <div className="cash-notice__text">
          <p>
            <Trans>出金先の登録には取引暗証番号が必要です。先に取引暗証番号を設定してください。</Trans>
          </p>
          <Link to="/information/fundPass" className="cash-notice__link">
            <Trans>取引暗証番号を設定する</Trans>
          </Link>
        </div>
      </div>
    );
  }
  if (!needsLogin) return null;
  return (
    <div className="cash-notice" role="note" data-testid="reauth-required">
      <Icon d={icons.lock} size={20} />
      <div className="cash-notice__text">
        {/* The server's own refusal, in the same words. */}
        <p>{translateMessage('reauth_required', { minutes: FRESH_LOGIN_MS / 60_000 }, getLanguage())}</p>
        <Link to="/login/reLogin" search={{ redirect: returnTo, reason: 'payout' }} className="btn btn--primary btn--block">
          <Trans>再ログインする</Trans>
        </Link>
      </div>
    </div>
  );
}

/** Whether the form can be used now: a fund password set (unknown counts as set: the server checks). */
export function useFundPasswordSet(): boolean {
  return useQuery(userInfoQuery()).data?.fundPasswordSet !== false;
}

/** 「2026.11.25 10:00 から出金先として利用できます」 under a destination still on hold. */
export function HoldNote({ usableAt }: { usableAt: number | null }) {
  if (usableAt === null) return null;
  const at = formatDateTimeMinute(usableAt);
  return (
    <span className="cash-hold" data-testid="destination-hold">
      <Icon d={icons.clock} size={14} />
      <Trans>{at} から出金先として利用できます</Trans>
    </span>
  );
}

/** The hold, said before the change is made (config payoutHoldHours; nothing when there is none). */
export function HoldLead() {
  const hours = useSiteConfig().data?.payoutHoldHours;
  if (!hours) return null;
  return (
    <p className="form__lead" data-testid="hold-lead">
      <Trans>不正利用を防ぐため、新しく登録した出金先へは登録から{hours}時間、出金できません。</Trans>
    </p>
  );
}
