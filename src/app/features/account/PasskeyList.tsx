import { Trans, useLingui } from "@lingui/react/macro";
import type { PasskeyItem } from "../../../shared/api/passkey";
import { formatDate } from "../../../shared/money/datetime";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { Icon } from "../../components/Icon";
import * as icons from "../../components/icons";
import type { PasskeysState } from "./usePasskeys";

/** The user's passkeys, each with its dates and a delete button; with none yet, what one is for. */
export function PasskeyList({ passkeys }: { passkeys: PasskeysState }) {
  const { items, list } = passkeys;
  return (
    <ul className="menu">
      {items.map((pk) => (
        <PasskeyRow
          key={pk.id}
          pk={pk}
          onRemove={() => passkeys.setRemoving(pk)}
          busy={passkeys.remove.isPending}
        />
      ))}
      {list.isSuccess && items.length === 0 ? (
        <li className="passkey-empty">
          <Trans>
            パスキーを登録すると、パスワードを入力せずに指紋・顔認証などでログインできます。登録後は、パスワードや取引暗証番号の変更時にもパスキーで本人確認します。
          </Trans>
        </li>
      ) : null}
    </ul>
  );
}

function PasskeyRow({
  pk,
  onRemove,
  busy,
}: {
  pk: PasskeyItem;
  onRemove: () => void;
  busy: boolean;
}) {
  const { t } = useLingui();
  const created = formatDate(pk.createdAt);
  const lastUsed = pk.lastUsedAt === null ? null : formatDate(pk.lastUsedAt);
  return (
    <li className="passkey-row">
      <span className="menu__icon">
        <Icon d={icons.key} size={22} />
      </span>
      <span className="passkey-row__text">
        <span className="passkey-row__name">{pk.name || t`パスキー`}</span>
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
        onClick={onRemove}
        disabled={busy}
      >
        <Trans>削除</Trans>
      </button>
    </li>
  );
}

/** Delete this passkey? (The deletion itself asks for a passkey assertion.) */
export function PasskeyRemoveDialog({
  removing,
  onConfirm,
  onCancel,
}: {
  removing: PasskeyItem;
  onConfirm: (id: string) => void;
  onCancel: () => void;
}) {
  return (
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
      onConfirm={() => onConfirm(removing.id)}
      onCancel={onCancel}
    />
  );
}
