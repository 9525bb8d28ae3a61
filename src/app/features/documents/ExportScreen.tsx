import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Page } from '../../components/Page';
import { Button } from '../../components/forms/Field';
import { ExportForm } from './ExportForm';
import { ExportStatus } from './ExportStatus';
import { effectiveChoice, useCsvExport, type ExportChoice } from './useCsvExport';
import './documents.css';

/**
 * /information/exports — CSV exports (docs/domain.md "Documents and exports"): the export, its
 * encoding and year; the file streams with a progress bar and is saved when complete.
 */
export function ExportScreen() {
  const { t } = useLingui();
  const [draft, setDraft] = useState<ExportChoice>({ kind: 'trades', encoding: 'utf8' });
  const { run, start, cancel, reset } = useCsvExport();
  const choice = effectiveChoice(draft);
  const running = run.phase === 'running';
  return (
    <Page title={t`CSVエクスポート`} fallback="/information/index">
      <div className="doc-export">
        <p className="small muted">
          <Trans>取引やお金の記録をCSVファイルで書き出します。表計算ソフトや資産管理アプリで使えます。</Trans>
        </p>
        <ExportForm
          draft={choice}
          onChange={(d) => {
            setDraft(d);
            reset();
          }}
          disabled={running}
        />
        <Button onClick={() => void start(choice)} loading={running} data-testid="export-start">
          <Trans>書き出す</Trans>
        </Button>
        <ExportStatus run={run} onCancel={cancel} />
      </div>
    </Page>
  );
}
