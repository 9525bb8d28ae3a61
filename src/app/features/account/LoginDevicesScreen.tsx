import { useState } from 'react';
import { Link } from '@tanstack/react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { msg } from '@lingui/core/macro';
import { accountApi, type LoginItem, type SessionItem } from '../../../shared/api/account';
import { formatDateTime } from '../../../shared/money';
import { apiCall } from '../../api/client';
import { endpointKey, endpointQuery } from '../../api/query';
import { Page } from '../../components/Page';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { FirstLoad } from '../../components/Spinner';
import { EmptyView } from '../../components/EmptyView';
import { Icon } from '../../components/Icon';
import { toast } from '../../components/Toast';
import * as icons from '../../components/icons';
import { NotMeButton } from './NotMeButton';
import { deviceLabel, ipLabel, placeLabel } from './login-text';
import './login-devices.css';

/*
 * ログイン履歴・端末管理 (docs/domain.md "Login history and devices"): the account's live sessions
 * (this one marked, any other signed out with a tap), its recent sign-ins with what was new about
 * them and 「身に覚えがない」 on each, and — after such a report — why fund actions are stopped.
 */

const sessionsKey = endpointKey(accountApi.sessions);
const loginsKey = endpointKey(accountApi.logins);

/** Phone and screen outlines (24×24) for the device rows. */
const PHONE = 'M8 3h8a1 1 0 011 1v16a1 1 0 01-1 1H8a1 1 0 01-1-1V4a1 1 0 011-1zM11 18h2';
const SCREEN = 'M3 5h18v11H3zM8 20h8M12 16v4';

const METHOD = {
  password: msg({ message: 'パスワード' }),
  passkey: msg({ message: 'パスキー' }),
  register: msg({ message: '新規登録' }),
} as const;

export function LoginDevicesScreen() {
  const { t } = useLingui();
  const sessions = useQuery(endpointQuery(accountApi.sessions, {}, { staleTime: 0 }));
  const logins = useQuery(endpointQuery(accountApi.logins, {}, { staleTime: 0 }));
  const since = logins.data?.fundsLockedSince ?? null;
  return (
    <Page title={t`ログイン履歴・端末管理`} fallback="/information/index">
      {since !== null ? <LockNotice since={since} /> : null}
      <section className="menu-group" aria-labelledby="devices-title">
        <h2 className="menu-group__title" id="devices-title">
          <Trans>ログイン中の端末</Trans>
        </h2>
        {sessions.isPending ? (
          <FirstLoad text={t`読み込み中…`} />
        ) : sessions.isError ? (
          <EmptyView compact icon={icons.alert} text={<Trans>読み込めませんでした</Trans>} hint={<Trans>通信状態をご確認ください。</Trans>} />
        ) : (
          <ul className="menu" data-testid="sessions">
            {sessions.data.items.map((s) => (
              <SessionRow key={s.id} session={s} />
            ))}
          </ul>
        )}
      </section>
      <section className="menu-group" aria-labelledby="logins-title">
        <h2 className="menu-group__title" id="logins-title">
          <Trans>ログイン履歴</Trans>
        </h2>
        {logins.isPending ? (
          <FirstLoad text={t`読み込み中…`} />
        ) : logins.isError ? (
          <EmptyView compact icon={icons.alert} text={<Trans>読み込めませんでした</Trans>} hint={<Trans>通信状態をご確認ください。</Trans>} />
        ) : logins.data.items.length === 0 ? (
          <EmptyView compact icon={icons.clock} text={<Trans>ログイン履歴はまだありません</Trans>} />
        ) : (
          <ul className="menu" data-testid="logins">
            {logins.data.items.map((l) => (
              <LoginRow key={l.id} login={l} />
            ))}
          </ul>
        )}
      </section>
      <p className="login-note">
        <Trans>
          新しい端末や、これまでと異なる国・地域からログインがあると、メッセージ（通知をオンにしている場合はプッシュ通知も）でお知らせします。国・地域は、当社サーバーの手前の通信設備が判定できた場合にのみ表示し、判定できない場合は「不明」と表示します。IPアドレスから詳しい場所は分かりません。
        </Trans>
      </p>
    </Page>
  );
}

/** Why withdrawals and the rest are stopped, and the one way to resume them. */
function LockNotice({ since }: { since: number }) {
  const when = formatDateTime(since);
  return (
    <div className="card login-lock" role="status" data-testid="funds-locked">
      <p className="login-lock__title">
        <Icon d={icons.lock} size={20} />
        <Trans>出金などを停止しています</Trans>
      </p>
      <p className="login-lock__text">
        <Trans>
          {when}に身に覚えのないログインのご報告を受け、出金・取引暗証番号の操作・出金先の変更を停止しています。ログインパスワードを変更すると再開できます。
        </Trans>
      </p>
      <Link to="/information/loginPass" className="btn btn--primary btn--block">
        <Trans>ログインパスワードを変更</Trans>
      </Link>
    </div>
  );
}

function SessionRow({ session: s }: { session: SessionItem }) {
  const { t, i18n } = useLingui();
  const qc = useQueryClient();
  const [confirm, setConfirm] = useState(false);
  const revoke = useMutation({
    mutationFn: () => apiCall(accountApi.revokeSession, { params: { id: s.id } }),
    onSuccess: async () => {
      toast(t`端末をログアウトさせました`);
      await Promise.all([qc.invalidateQueries({ queryKey: sessionsKey }), qc.invalidateQueries({ queryKey: loginsKey })]);
    },
  });
  const device = deviceLabel(i18n, s);
  const ip = ipLabel(i18n, s.ip);
  const place = placeLabel(i18n, s.country);
  const signedIn = formatDateTime(s.createdAt);
  const lastSeen = formatDateTime(s.lastSeenAt);
  return (
    <li className="login-row" data-testid={s.current ? 'session-current' : 'session'}>
      <span className="menu__icon">
        <Icon d={s.deviceType === 'desktop' || s.deviceType === 'tv' ? SCREEN : PHONE} size={22} />
      </span>
      <span className="login-row__text">
        <span className="login-row__name">
          {device}
          {s.current ? (
            <span className="login-tag login-tag--ok">
              <Trans>この端末</Trans>
            </span>
          ) : null}
        </span>
        <span className="login-row__meta">
          <Trans>
            IPアドレス {ip} · 国・地域 {place}
          </Trans>
        </span>
        <span className="login-row__meta">
          <Trans>
            ログイン {signedIn} · 最終利用 {lastSeen}
          </Trans>
        </span>
        {s.current ? null : (
          <span className="login-row__actions">
            <button type="button" className="btn btn--text login-row__action" onClick={() => setConfirm(true)} disabled={revoke.isPending}>
              <Trans>ログアウトさせる</Trans>
            </button>
          </span>
        )}
      </span>
      <ConfirmDialog
        open={confirm}
        title={<Trans>端末をログアウトさせますか？</Trans>}
        body={<Trans>{device} は、再度ログインするまで使えなくなります。</Trans>}
        confirmLabel={<Trans>ログアウト</Trans>}
        cancelLabel={<Trans>キャンセル</Trans>}
        danger
        onConfirm={() => {
          setConfirm(false);
          revoke.mutate();
        }}
        onCancel={() => setConfirm(false)}
      />
    </li>
  );
}

function LoginRow({ login: l }: { login: LoginItem }) {
  const { i18n } = useLingui();
  const device = deviceLabel(i18n, l);
  const ip = ipLabel(i18n, l.ip);
  const place = placeLabel(i18n, l.country);
  const method = i18n._(METHOD[l.method]);
  return (
    <li className="login-row login-row--history" data-testid="login">
      <span className="login-row__text">
        <span className="login-row__when">
          <time>{formatDateTime(l.at)}</time>
          <span className="login-row__method">{method}</span>
          {l.current ? (
            <span className="login-tag login-tag--ok">
              <Trans>この端末</Trans>
            </span>
          ) : l.active ? (
            <span className="login-tag">
              <Trans>ログイン中</Trans>
            </span>
          ) : null}
          {l.newDevice ? (
            <span className="login-tag login-tag--warn">
              <Trans>新しい端末</Trans>
            </span>
          ) : null}
          {l.newCountry ? (
            <span className="login-tag login-tag--warn">
              <Trans>新しい国・地域</Trans>
            </span>
          ) : null}
        </span>
        <span className="login-row__name">{device}</span>
        <span className="login-row__meta">
          <Trans>
            IPアドレス {ip} · 国・地域 {place}
          </Trans>
        </span>
        {l.reportedAt !== null ? (
          <span className="login-row__reported">
            <Trans>身に覚えがないとご報告いただきました</Trans>
          </span>
        ) : l.current ? null : (
          <span className="login-row__actions">
            <NotMeButton loginId={l.id} className="btn btn--text not-me-btn login-row__action" />
          </span>
        )}
      </span>
    </li>
  );
}
