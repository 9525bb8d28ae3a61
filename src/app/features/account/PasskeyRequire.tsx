import { Trans } from "@lingui/react/macro";
import type { PasskeysState } from "./usePasskeys";

/** The switch "a passkey at every sign-in": settable once a passkey is registered, in a browser that supports them. */
export function PasskeyRequire({ passkeys }: { passkeys: PasskeysState }) {
  const { items, required, require, supported } = passkeys;
  return (
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
        className="toggle-switch"
        checked={required}
        disabled={require.isPending || (items.length === 0 && !required) || !supported}
        aria-busy={require.isPending || undefined}
        onChange={(e) => require.mutate(e.currentTarget.checked)}
      />
    </label>
  );
}
