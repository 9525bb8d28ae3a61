import { lazy, Suspense } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Spinner } from '../../../components/Spinner';
import { Sheet } from '../../../components/Sheet';
import type { LegalSection } from './LegalSections';

const Sections = lazy(() => import('./LegalSections').then((m) => ({ default: m.LegalBody })));

/** A bottom sheet with one legal text, so a form in progress is not left to read it. */
export function LegalSheet({ section, onClose }: { section: LegalSection | null; onClose: () => void }) {
  const { t } = useLingui();
  if (!section) return null;
  const title = section === 'privacy' ? t`プライバシーポリシー` : section === 'terms' ? t`利用規約` : t`Kabuto について`;
  return (
    <Sheet
      title={title}
      onClose={onClose}
      foot={
        <button type="button" className="btn btn--primary btn--block" onClick={onClose}>
          <Trans>閉じる</Trans>
        </button>
      }
    >
      <Suspense fallback={<Spinner size={24} />}>
        <Sections section={section} />
      </Suspense>
    </Sheet>
  );
}
