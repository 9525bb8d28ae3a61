import { useState } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Trans, useLingui } from "@lingui/react/macro";
import type { PasskeyItem } from "../../../shared/api/passkey";
import { formatDate } from "../../../shared/money/datetime";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { Icon } from "../../components/Icon";
import { toast } from "../../components/Toast";
import * as icons from "../../components/icons";
import {
  deletePasskey,
  isCeremonyError,
  loadWebAuthn,
  passkeysKey,
  passkeySettingsKey,
  passkeySettingsQuery,
  passkeysQuery,
  passkeysSupported,
  setPasskeyRequired,
  stepUpHeaders,
} from "./passkeys";

/**
 * Settings: the user's passkeys — register one, see them, delete one — and whether a passkey is
 * required at every sign-in (docs/decisions/008-passkeys.md).
 */
export function PasskeySection() {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const list = useQuery(passkeysQuery());
  const settings = useQuery(passkeySettingsQuery());
  const [removing, setRemoving] = useState<PasskeyItem | null>(null);
  const supported = passkeysSupported();

  const ceremonyFailed = (e: unknown) => {
    if (isCeremonyError(e)) toast(t`パスキーの操作が完了しませんでした`);
  };
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: passkeysKey }),
      queryClient.invalidateQueries({ queryKey: passkeySettingsKey }),
    ]);

  const add = useMutation({
    mutationFn: async () => {
      const headers = await stepUpHeaders(queryClient);
      const { createPasskey } = await loadWebAuthn();
      return createPasskey(headers);
    },
    onSuccess: async () => {
      toast(t`パスキーを登録しました`);
      await refresh();
    },
    onError: ceremonyFailed,
  });
  const remove = useMutation({
    mutationFn: async (id: string) => {
      const headers = await stepUpHeaders(queryClient);
      return deletePasskey(id, headers);
    },
    onSuccess: async () => {
      toast(t`パスキーを削除しました`);
      await refresh();
    },
    onError: ceremonyFailed,
  });

  // Either way a fresh passkey assertion: turning it on also proves a passkey works here before
  // the password stops being enough.
  const require = useMutation({
    mutationFn: async (on: boolean) => {
      const headers = await stepUpHeaders(queryClient);
      return setPasskeyRequired(on, headers);
    },
    onSuccess: async (data) => {
      toast(
        data.requireAtLogin
          ? t`ログインにパスキーが必要になりました`
          : t`パスワードでもログインできるようになりました`,
      );
      await refresh();
    },
    onError: ceremonyFailed,
  });

  const items = list.data ?? [];
  const required = settings.data?.requireAtLogin ?? false;
  return (
    <section className="menu-group passkeys" aria-labelledby="passkeys-title">
      <h2 className="menu-group__title" id="passkeys-title">
        <Trans>パスキー</Trans>
      </h2>
      <ul className="menu">
        {items.map((pk) => {
          const created = formatDate(pk.createdAt);
          const lastUsed =
            pk.lastUsedAt === null ? null : formatDate(pk.lastUsedAt);
          return (
            <li key={pk.id} className="passkey-row">
              <span className="menu__icon">
                <Icon d={icons.key} size={22} />
              </span>
              <span className="passkey-row__text">
                <span className="passkey-row__name">
                  {pk.name || t`パスキー`}
                </span>
                <span className="passkey-row__meta">
                  <Trans>登録日 {created}</Trans>
                  {lastUsed !== null ? (
                    <>
                      {" · "}
                      <Trans>最終使用 {lastUsed}</Trans>
                    </>
                  ) : null}
                </span>
              </span>
              <button
                type="button"
                className="btn btn--text passkey-row__delete"
                onClick={() => setRemoving(pk)}
                disabled={remove.isPending}
              >
                <Trans>削除</Trans>
              </button>
            </li>
          );
        })}
        {list.isSuccess && items.length === 0 ? (
          <li className="passkey-empty">
            <Trans>
              パスキーを登録すると、パスワードを入力せずに指紋・顔認証などでログインできます。登録後は、パスワードや取引暗証番号の変更時にもパスキーで本人確認します。
            </Trans>
          </li>
        ) : null}
      </ul>
      {supported ? (
        <div className="passkeys__actions">
          <button
            type="button"
            className="btn btn--secondary btn--block"
            onClick={() => add.mutate()}
            disabled={add.isPending}
          >
            <Trans>パスキーを登録</Trans>
          </button>
        </div>
      ) : (
        <p className="passkey-empty">
          <Trans>このブラウザはパスキーに対応していません。</Trans>
        </p>
      )}
      {settings.isSuccess ? (
        <label className="passkey-require">
          <span className="passkey-require__text">
            <span className="passkey-require__title">
              <Trans>ログインにパスキーを必須にする</Trans>
            </span>
            <span className="passkey-require__hint">
              {items.length === 0 && !required ? (
                <Trans>パスキーの登録後に設定できます。</Trans>
              ) : (
                <Trans>
                  オンにすると、パスワードだけではログインできません。パスワードを盗まれても、パスキーがなければ不正にログインされません。切り替えにはパスキーでの確認が必要です。
                </Trans>
              )}
            </span>
          </span>
          <input
            type="checkbox"
            role="switch"
            className="switch"
            checked={required}
            disabled={require.isPending || (items.length === 0 && !required) || !supported}
            aria-busy={require.isPending || undefined}
            onChange={(e) => require.mutate(e.currentTarget.checked)}
          />
        </label>
      ) : null}
      {removing ? (
        <ConfirmDialog
          open
          title={<Trans>パスキーを削除しますか？</Trans>}
          body={
            <Trans>
              削除したパスキーではログインできなくなります。本人確認のため、パスキーでの確認を求められます。
            </Trans>
          }
          confirmLabel={<Trans>削除</Trans>}
          cancelLabel={<Trans>キャンセル</Trans>}
          danger
          onConfirm={() => {
            remove.mutate(removing.id);
            setRemoving(null);
          }}
          onCancel={() => setRemoving(null)}
        />
      ) : null}
    </section>
  );
}
