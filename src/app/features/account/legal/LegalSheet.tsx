import { lazy, Suspense, useEffect, useId } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Spinner } from '../Spinner';
import { Icon } from '../Icon';
import * as icons from '../icons';
import type { LegalSection } from './LegalSections';

const Sections = lazy(() => import('./LegalSections').then((m) => ({ default: m.LegalBody })));

/** A bottom sheet with one legal text, so a form in progress is not left to read it. */
export function LegalSheet({ section, onClose }: { section: LegalSection | null; onClose: () => void }) {
  const { t } = useLingui();
  const id = useId();
  useEffect(() => {
    if (!section) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') onClose();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [section, onClose]);
  if (!section) return null;
  const title = section === 'privacy' ? t`プライバシーポリシー` : section === 'terms' ? t`利用規約` : t`Kabuto について`;
  return (
    <div className="sheet-backdrop" onClick={onClose}>
      <div className="sheet" role="dialog" aria-modal="true" aria-labelledby={id} onClick={(e) => e.stopPropagation()}>
        <div className="sheet__head">
          <h2 id={id} className="sheet__title">
            {title}
          </h2>
          <button type="button" className="icon-btn" aria-label={t`閉じる`} onClick={onClose}>
            <Icon d={icons.close} size={22} />
          </button>
        </div>
        <div className="sheet__body">
          <Suspense fallback={<Spinner size={24} />}>
            <Sections section={section} />
          </Suspense>
        </div>
        <div className="sheet__foot">
          <button type="button" className="btn btn--primary btn--block" onClick={onClose}>
            <Trans>閉じる</Trans>
          </button>
        </div>
      </div>
    </div>
  );
}
