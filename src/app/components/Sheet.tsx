import { useEffect, useId, type ReactNode, type Ref } from 'react';
import { useLingui } from '@lingui/react/macro';
import { Icon } from './Icon';
import * as icons from './icons';

export interface SheetProps {
  title: ReactNode;
  onClose: () => void;
  children: ReactNode;
  /** Below the scrolling body: the sheet's button (close, create). */
  foot?: ReactNode;
  /** Extra classes of the sheet (e.g. `sheet--tall`). */
  className?: string;
  testId?: string;
  /** False while a dialog opened from the sheet takes Escape. */
  closeOnEscape?: boolean;
  /** The close button, for a sheet that focuses it first. */
  closeRef?: Ref<HTMLButtonElement>;
  /** Drawn inside the backdrop, after the sheet: a dialog opened from it. */
  overlay?: ReactNode;
}

/**
 * A bottom sheet, shown while mounted: the title with a close button, a scrolling body and an
 * optional foot (the classes of styles/global.css "dialog, sheet"). Escape, the close button or
 * the backdrop closes it. What has the focus first is the caller's: a search field, the first
 * choice, the close button.
 */
export function Sheet({ title, onClose, children, foot, className, testId, closeOnEscape = true, closeRef, overlay }: SheetProps) {
  const { t } = useLingui();
  const id = useId();
  useEffect(() => {
    if (!closeOnEscape) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') onClose();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [closeOnEscape, onClose]);
  return (
    <div className="sheet-backdrop" onClick={onClose}>
      <div
        className={className ? `sheet ${className}` : 'sheet'}
        role="dialog"
        aria-modal="true"
        aria-labelledby={id}
        onClick={(e) => e.stopPropagation()}
        data-testid={testId}
      >
        <div className="sheet__head">
          <h2 id={id} className="sheet__title">
            {title}
          </h2>
          <button ref={closeRef} type="button" className="icon-btn" aria-label={t`閉じる`} onClick={onClose}>
            <Icon d={icons.close} size={22} />
          </button>
        </div>
        <div className="sheet__body">{children}</div>
        {foot ? <div className="sheet__foot">{foot}</div> : null}
      </div>
      {overlay}
    </div>
  );
}
