import { createFileRoute } from '@tanstack/react-router';
import { DocumentBoxScreen } from '../../features/documents/DocumentBoxScreen';
import { requireSession } from '../-lib/guards';

/** /information/documents — 電子交付書面: the consent, then 取引報告書, 取引残高報告書 and 年間取引報告書 with unread marks. */
export const Route = createFileRoute('/information/documents')({
  staticData: { name: 'documents' },
  beforeLoad: requireSession,
  component: DocumentBoxScreen,
});
