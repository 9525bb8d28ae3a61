import { createFileRoute } from '@tanstack/react-router';
import { ExportScreen } from '../../features/documents/ExportScreen';
import { requireSession } from '../-lib/guards';

/** /information/exports — CSV exports (UTF-8 with BOM or Shift_JIS; Ghostfolio), streamed with progress. */
export const Route = createFileRoute('/information/exports')({
  staticData: { name: 'exports' },
  beforeLoad: requireSession,
  component: ExportScreen,
});
