import { useCallback, useEffect, useRef, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { isApiError } from '../../api/client';
import { toast } from '../../components/Toast';
import { getLanguage } from '../../storage';
import { ReasonDialog } from '../admin';
import { openAdminDocument, useReissueDocument, type AdminDocument } from './admin-api';
import { adminDocumentNumber } from './AdminDocumentRow';

/** A refusal toasted in the user's language (the message table loads on first use, as the app's toasts do). */
function toastRefusal(e: unknown): void {
  const msg = isApiError(e) ? e.msg : 'failed';
  const params = isApiError(e) ? e.params : undefined;
  void import('../../i18n/translate').then(({ translateMessage }) => toast(translateMessage(msg, params, getLanguage())));
}

/**
 * The object URLs of the PDFs this screen opened, by document: kept while the screen lives (the
 * row's link shows the same bytes again without another audited opening) and revoked when it goes.
 */
export function useOpenedPdfs(): { urls: ReadonlyMap<string, string>; add: (id: string, blob: Blob) => string } {
  const [urls, setUrls] = useState<ReadonlyMap<string, string>>(new Map());
  const all = useRef<string[]>([]);
  useEffect(() => () => all.current.forEach((u) => URL.revokeObjectURL(u)), []);
  const add = useCallback((id: string, blob: Blob) => {
    const url = URL.createObjectURL(blob.type === 'application/pdf' ? blob : new Blob([blob], { type: 'application/pdf' }));
    all.current.push(url);
    setUrls((m) => new Map(m).set(id, url));
    return url;
  }, []);
  return { urls, add };
}

/**
 * 開く: the reason first (audited), then the PDF in a new tab. The tab is opened in the click
 * itself (a tab opened after the download would be a blocked pop-up) and shown the PDF's object
 * URL when the bytes arrive; closed again on a refusal.
 */
export function AdminOpenDialog({ doc, onOpened, onClose }: { doc: AdminDocument; onOpened: (blob: Blob) => string; onClose: () => void }) {
  const { t } = useLingui();
  const { number } = doc;
  const [busy, setBusy] = useState(false);
  const confirm = (reason: string) => {
    const tab = window.open('', '_blank');
    if (tab) {
      tab.opener = null;
      tab.document.title = number;
      tab.document.body.textContent = t`読み込み中…`;
    }
    setBusy(true);
    openAdminDocument(doc.id, reason)
      .then((blob) => {
        const url = onOpened(blob);
        if (tab && !tab.closed) tab.location.href = url;
        else toast(t`新しいタブを開けませんでした。一覧の「PDF を表示」から開いてください`);
        onClose();
      })
      .catch((e: unknown) => {
        tab?.close();
        setBusy(false);
        toastRefusal(e);
      });
  };
  return (
    <ReasonDialog title={<Trans>書面を開く：{number}</Trans>} confirmLabel={<Trans>開く</Trans>} busy={busy} onCancel={onClose} onConfirm={confirm}>
      <p>
        <Trans>利用者の書面を開いた記録が、理由とともに監査ログに残ります。PDF は新しいタブで開きます。</Trans>
      </p>
    </ReasonDialog>
  );
}

/** 再発行: what a reissue does (the old document stays; the new one names what it corrects and why), then the reason. */
export function AdminReissueDialog({ doc, onClose }: { doc: AdminDocument; onClose: () => void }) {
  const { t } = useLingui();
  const cmd = useReissueDocument();
  const { number } = doc;
  const corrected = doc.correctedBy ? adminDocumentNumber(doc.correctedBy) : null;
  const confirm = (reason: string) =>
    cmd.mutate(
      { params: { id: doc.id }, body: { reason } },
      {
        onSuccess: ({ number: issued }) => {
          toast(t`再発行しました：${issued}`);
          onClose();
        },
      },
    );
  return (
    <ReasonDialog
      title={<Trans>書面を再発行：{number}</Trans>}
      confirmLabel={<Trans>再発行する</Trans>}
      busy={cmd.isPending}
      reasonHint={<Trans>理由は新しい書面に印字され、利用者にも表示されます</Trans>}
      onCancel={onClose}
      onConfirm={confirm}
    >
      <p>
        <Trans>
          発行済みの書面は変更できません。再発行すると、現在の記録から新しい書面を作成します。元の書面（{number}）はそのまま残り、新しい書面には訂正する書面の番号と理由が記載されます。利用者の書面一覧に追加され、メッセージで通知されます。
        </Trans>
      </p>
      {corrected ? (
        <p className="admin-note">
          <Trans>この書面はすでに {corrected} で訂正されています。通常は最新の書面を再発行してください。</Trans>
        </p>
      ) : null}
    </ReasonDialog>
  );
}
