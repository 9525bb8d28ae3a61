import { Trans, useLingui } from '@lingui/react/macro';
import { formatInt } from '../../../shared/money';
import { Icon } from '../../components/Icon';
import * as icons from '../../components/icons';
import type { ExportRun } from './useCsvExport';

/** The export under way (progress and cancel), done (the file, saved again on a tap), cancelled or refused. */
export function ExportStatus({ run, onCancel }: { run: ExportRun; onCancel: () => void }) {
  switch (run.phase) {
    case 'idle':
      return null;
    case 'running':
      return <ExportProgress rows={run.rows} total={run.total} percent={run.percent} onCancel={onCancel} />;
    case 'done':
      return <ExportDone rows={run.rows} fileName={run.fileName} url={run.url} />;
    case 'cancelled':
      return (
        <p className="small muted" role="status" data-testid="export-cancelled">
          <Trans>書き出しを中止しました</Trans>
        </p>
      );
    case 'failed':
      return (
        <p className="notice notice--danger" role="alert" data-testid="export-error">
          <Icon d={icons.alert} size={18} />
          <span>{run.text}</span>
        </p>
      );
  }
}

function ExportProgress({ rows, total, percent, onCancel }: { rows: number; total: number | null; percent: number; onCancel: () => void }) {
  const { t } = useLingui();
  const received = formatInt(rows);
  const all = total === null ? '—' : formatInt(total);
  return (
    <section className="card doc-progress" aria-label={t`書き出しの進み具合`}>
      <div
        className="doc-progress__bar"
        role="progressbar"
        aria-label={t`書き出しの進み具合`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={t`${all}行中${received}行`}
        data-testid="export-progress"
      >
        <span className="doc-progress__fill" style={{ width: `${percent}%` }} />
      </div>
      <p className="doc-progress__figures small">
        <span data-testid="export-rows">
          <Trans>
            {received} / {all} 行
          </Trans>
        </span>
        <span>{percent}%</span>
      </p>
      <button type="button" className="btn btn--secondary btn--block" onClick={onCancel} data-testid="export-cancel">
        <Trans>中止</Trans>
      </button>
    </section>
  );
}

function ExportDone({ rows, fileName, url }: { rows: number; fileName: string; url: string }) {
  const count = formatInt(rows);
  return (
    <section className="card doc-done" role="status" data-testid="export-done">
      <p>
        <Trans>
          書き出しが完了しました（行数：{count}）
        </Trans>
      </p>
      <p className="doc-done__file mono">{fileName}</p>
      <a className="btn btn--text" href={url} download={fileName}>
        <Icon d={icons.deposit} size={18} />
        <span>
          <Trans>もう一度保存</Trans>
        </span>
      </a>
    </section>
  );
}
