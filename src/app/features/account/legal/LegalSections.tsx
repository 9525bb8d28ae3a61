import { useEffect, useState, type ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useSiteConfig } from '../../../api/site-config';
import { InfoRow } from '../../../components/Menu';
import { Icon } from '../../../components/Icon';
import { Spinner } from '../../../components/Spinner';
import * as icons from '../../../components/icons';
import type { LegalDoc } from './docs/types';

/**
 * The legal texts of /information/aboutUs (about, operator details, fraud warning, privacy
 * policy, terms — docs/domain.md "What Kabuto never builds"). Also shown in a sheet from the registration form. The long
 * documents come per language from ./docs (one lazy chunk each).
 */
export type LegalSection = 'about' | 'privacy' | 'terms' | 'operator' | 'fraud';
/** In display order. */
export const LEGAL_SECTIONS: readonly LegalSection[] = ['about', 'operator', 'fraud', 'privacy', 'terms'];

function loadDoc(locale: string): Promise<LegalDoc> {
  switch (locale) {
    case 'en':
      return import('./docs/en').then((m) => m.doc);
    case 'zh-Hant':
      return import('./docs/zh-Hant').then((m) => m.doc);
    case 'ko':
      return import('./docs/ko').then((m) => m.doc);
    default:
      return import('./docs/ja').then((m) => m.doc);
  }
}

/** The legal document of the active language (undefined while it loads). */
export function useLegalDoc(): LegalDoc | undefined {
  const { i18n } = useLingui();
  const locale = i18n.locale;
  const [state, setState] = useState<{ locale: string; doc: LegalDoc } | undefined>();
  useEffect(() => {
    let live = true;
    loadDoc(locale).then(
      (doc) => live && setState({ locale, doc }),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [locale]);
  return state?.locale === locale ? state.doc : undefined;
}

function Loading() {
  return (
    <div className="legal__loading">
      <Spinner size={22} />
    </div>
  );
}

/** One section's body. */
export function LegalBody({ section }: { section: LegalSection }) {
  const doc = useLegalDoc();
  if (section === 'operator') return <OperatorSection doc={doc} />;
  if (!doc) return <Loading />;
  switch (section) {
    case 'about':
      return <div className="prose">{doc.about}</div>;
    case 'fraud':
      return (
        <div className="prose">
          <Notice>{doc.fraudIntro}</Notice>
          {doc.fraud}
          <p className="prose__note">{doc.registryCheck}</p>
        </div>
      );
    case 'privacy':
      return <div className="prose">{doc.privacy}</div>;
    case 'terms':
      return <div className="prose">{doc.terms}</div>;
  }
}

function Notice({ children }: { children: ReactNode }) {
  return (
    <div className="notice notice--warn">
      <Icon d={icons.shield} size={20} />
      <p>{children}</p>
    </div>
  );
}

function OperatorSection({ doc }: { doc: LegalDoc | undefined }) {
  const config = useSiteConfig();
  const c = config.data;
  const registered = Boolean(c?.operatorRegistration);
  const dash = '—';
  const none = <Trans>未登録（デモ運用）</Trans>;
  return (
    <div className="prose">
      {c && !registered && doc ? <Notice>{doc.unregistered}</Notice> : null}
      <ul className="info-list">
        <InfoRow label={<Trans>運営者</Trans>} value={c ? c.operatorName || none : dash} />
        <InfoRow label={<Trans>金融商品取引業の登録</Trans>} value={c ? c.operatorRegistration || none : dash} />
        <InfoRow label={<Trans>所在地</Trans>} value={c ? c.operatorAddress || none : dash} />
        <InfoRow label={<Trans>お問い合わせ先</Trans>} value={c ? c.supportContact || none : dash} />
      </ul>
      {registered && doc ? <p className="prose__note">{doc.registryCheck}</p> : null}
    </div>
  );
}
