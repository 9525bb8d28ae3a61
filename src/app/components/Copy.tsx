import { useLingui } from '@lingui/react/macro';
import { Icon } from './Icon';
import * as icons from './icons';
import { toast } from './Toast';

/** A copy button: copies a short text (the invitation code, an account number) and confirms with a toast. */
export function Copy({ text, label }: { text: string; label: string }) {
  const { t } = useLingui();
  return (
    <button
      type="button"
      className="icon-btn icon-btn--small copy-btn"
      aria-label={label}
      onClick={() => {
        const clipboard = typeof navigator !== 'undefined' ? navigator.clipboard : undefined;
        if (!clipboard) {
          toast(t`コピーできませんでした`);
          return;
        }
        clipboard.writeText(text).then(
          () => toast(t`コピーしました`),
          () => toast(t`コピーできませんでした`),
        );
      }}
    >
      <Icon d={icons.copy} size={18} />
    </button>
  );
}
