import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { WATCHLIST_GROUP_NAME_MAX } from '../../../shared/api/watchlist';
import { DialogBox } from '../../components/ConfirmDialog';
import { TextField } from '../../components/forms/Field';

/** Whether a name fits before sending it (the server checks again: trimmed, 1–20 characters, no control characters). */
export function groupNameFits(name: string): boolean {
  const n = [...name.trim()].length;
  // eslint-disable-next-line no-control-regex
  return n >= 1 && n <= WATCHLIST_GROUP_NAME_MAX && !/[\u0000-\u001f\u007f-\u009f]/.test(name);
}

/** A dialog asking for a group name (new group or rename). `onSave` resolves true when done. */
export function GroupNameDialog({
  title,
  initial = '',
  saveLabel,
  onSave,
  onClose,
}: {
  title: string;
  initial?: string;
  saveLabel: string;
  onSave: (name: string) => Promise<boolean>;
  onClose: () => void;
}) {
  const { t } = useLingui();
  const [name, setName] = useState(initial);
  const [busy, setBusy] = useState(false);
  const fits = groupNameFits(name);
  const max = WATCHLIST_GROUP_NAME_MAX;
  const save = async () => {
    if (!fits || busy) return;
    setBusy(true);
    const done = await onSave(name.trim());
    setBusy(false);
    if (done) onClose();
  };
  return (
    <DialogBox title={title} confirmLabel={saveLabel} cancelLabel={t`キャンセル`} busy={busy} confirmDisabled={!fits} onConfirm={() => void save()} onCancel={onClose} bodyClassName="dialog__body--left">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <TextField
          label={t`グループ名`}
          value={name}
          autoComplete="off"
          enterKeyHint="done"
          onChange={(e) => setName(e.currentTarget.value)}
          hint={<Trans>1〜{max}文字</Trans>}
          data-testid="group-name"
        />
      </form>
    </DialogBox>
  );
}
