import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ConsentView } from '../../../shared/api/documents';
import { Page } from '../../components/Page';
import { EmptyView } from '../../components/EmptyView';
import { LoadingPane } from '../../components/Spinner';
import * as icons from '../../components/icons';
import { consentQuery, type DocumentFilter } from './api';
import { DocConsentPanel } from './DocConsentPanel';
import { DocConsentStatus } from './DocConsentStatus';
import { DocPaperNotice } from './DocPaperNotice';
import { DocRequests } from './DocRequests';
import { DocFilters } from './DocFilters';
import { DocList } from './DocList';
import './documents.css';

/**
 * /information/documents — 電子交付書面 (docs/domain.md "Documents and exports"): the consent at
 * first use (or its status and withdrawal), the paper-delivery notice without it, the requests, and
 * the documents by kind and year with unread marks. Without consent the box still lists everything.
 */
export function DocumentBoxScreen() {
  const { t } = useLingui();
  const consent = useQuery(consentQuery());
  const [filter, setFilter] = useState<DocumentFilter>({});
  return (
    <Page title={t`電子交付書面`} fallback="/information/index">
      <div className="doc-box">
        {consent.data ? (
          <Consent consent={consent.data} />
        ) : consent.isError ? (
          <EmptyView compact icon={icons.alert} text={<Trans>電子交付の同意の状態を読み込めませんでした</Trans>} />
        ) : (
          <LoadingPane />
        )}
        <DocRequests />
        <DocFilters filter={filter} onChange={setFilter} />
        <DocList filter={filter} />
        <p className="small muted doc-box__note">
          <Trans>書面はシミュレーション市場の取引を記載したもので、実際の取引ではありません。交付した書面は変更されず、訂正は訂正する書面を新たに交付します。</Trans>
        </p>
      </div>
    </Page>
  );
}

/** The consent of the current version, or the panel asking for it with the paper-delivery notice. */
function Consent({ consent }: { consent: ConsentView }) {
  if (consent.version !== null && consent.version === consent.currentVersion) return <DocConsentStatus consent={consent} />;
  return (
    <>
      <DocConsentPanel consent={consent} />
      <DocPaperNotice address={consent.paperAddress} />
    </>
  );
}
