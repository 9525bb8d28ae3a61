import { Trans } from "@lingui/react/macro";
import { PasskeyList, PasskeyRemoveDialog } from "./PasskeyList";
import { PasskeyRequire } from "./PasskeyRequire";
import { usePasskeys } from "./usePasskeys";

/**
 * Settings: the user's passkeys — register one, see them, delete one — and whether a passkey is
 * required at every sign-in (docs/decisions/008-passkeys.md). The state is usePasskeys'.
 */
export function PasskeySection() {
  const pk = usePasskeys();
  const { removing, setRemoving } = pk;
  return (
    <section className="menu-group passkeys" aria-labelledby="passkeys-title">
      <h2 className="menu-group__title" id="passkeys-title">
        <Trans>パスキー</Trans>
      </h2>
      <PasskeyList passkeys={pk} />
      {pk.supported ? (
        <div className="passkeys__actions">
          <button
            type="button"
            className="btn btn--secondary btn--block"
            onClick={() => pk.add.mutate()}
            disabled={pk.add.isPending}
          >
            <Trans>パスキーを登録</Trans>
          </button>
        </div>
      ) : (
        <p className="passkey-empty">
          <Trans>このブラウザはパスキーに対応していません。</Trans>
        </p>
      )}
      {pk.settings.isSuccess ? <PasskeyRequire passkeys={pk} /> : null}
      {removing ? (
        <PasskeyRemoveDialog
          removing={removing}
          onConfirm={(id) => {
            pk.remove.mutate(id);
            setRemoving(null);
          }}
          onCancel={() => setRemoving(null)}
        />
      ) : null}
    </section>
  );
}
