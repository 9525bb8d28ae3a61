import { useEffect } from 'react';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { userInfoQuery } from '../../api/account';
import { ACCOUNT_STATE_MESSAGE } from '../../../shared/domain/account';
import { translateMessage } from '../../i18n/translate';
import { getLanguage } from '../../storage';
import { FirstLoad } from '../../components/Spinner';
import { StateBadge } from './AccountState';
import { Icon } from '../../components/Icon';
import * as icons from '../../components/icons';

const route = getRouteApi('/login/loginAfter');

/**
 * /login/loginAfter — right after signing in: load the account, then continue to the screen the
 * user came for (or home). A restricted account sees its state and reason first.
 */
export function LoginAfterScreen() {
  const { t } = useLingui();
  const navigate = useNavigate();
  const { redirect } = route.useSearch();
  const info = useQuery({ ...userInfoQuery(), staleTime: 0 });
  const target = redirect ?? '/home/index';
  const state = info.data?.state;

  useEffect(() => {
    if (state === 'active') void navigate({ to: target, replace: true });
  }, [state, target, navigate]);

  const proceed = () => void navigate({ to: target, replace: true });

  if (info.data && info.data.state !== 'active') {
    const id = ACCOUNT_STATE_MESSAGE[info.data.state];
    const reason = info.data.stateReason ?? undefined;
    return (
      <div className="status-screen">
        <span className="status-screen__icon status-screen__icon--warn">
          <Icon d={icons.alert} size={40} />
        </span>
        <h2 className="status-screen__title">
          <Trans>アカウントの状態</Trans> <StateBadge state={info.data.state} />
        </h2>
        <p className="status-screen__text">{translateMessage(id, reason ? { reason } : undefined, getLanguage())}</p>
        <button type="button" className="btn btn--primary status-screen__btn" onClick={proceed}>
          <Trans>続ける</Trans>
        </button>
      </div>
    );
  }

  if (info.isError) {
    return (
      <div className="status-screen" role="alert">
        <span className="status-screen__icon">
          <Icon d={icons.info} size={40} />
        </span>
        <h2 className="status-screen__title">
          <Trans>ログインしました</Trans>
        </h2>
        <p className="status-screen__text">
          <Trans>アカウント情報を読み込めませんでした。</Trans>
        </p>
        <button type="button" className="btn btn--secondary status-screen__btn" onClick={() => void info.refetch()}>
          <Trans>再試行</Trans>
        </button>
        <button type="button" className="btn btn--primary status-screen__btn" onClick={proceed}>
          <Trans>続ける</Trans>
        </button>
      </div>
    );
  }

  return <FirstLoad text={t`ログインしています…`} />;
}
