import { useState } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useLingui } from "@lingui/react/macro";
import type { PasskeyItem } from "../../../shared/api/passkey";
import { toast } from "../../components/Toast";
import { passkeyFailureText } from "./passkey-errors";
import {
  deletePasskey,
  loadWebAuthn,
  passkeysKey,
  passkeySettingsKey,
  passkeySettingsQuery,
  passkeysQuery,
  passkeysSupported,
  setPasskeyRequired,
  stepUpHeaders,
} from "./passkeys";

export type PasskeysState = ReturnType<typeof usePasskeys>;

/**
 * Everything the passkey settings (PasskeySection.tsx) know: the user's passkeys, whether one is
 * required at sign-in, whether this browser can use them, the passkey about to be deleted, and the
 * commands (register, delete, require), each behind a fresh passkey assertion.
 */
export function usePasskeys() {
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const list = useQuery(passkeysQuery());
  const settings = useQuery(passkeySettingsQuery());
  const [removing, setRemoving] = useState<PasskeyItem | null>(null);
  const supported = passkeysSupported();

  const ceremonyFailed = (e: unknown) => {
    const text = passkeyFailureText(e, i18n);
    if (text) toast(text);
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

  return {
    list,
    items: list.data ?? [],
    settings,
    required: settings.data?.requireAtLogin ?? false,
    supported,
    removing,
    setRemoving,
    add,
    remove,
    require,
  };
}
