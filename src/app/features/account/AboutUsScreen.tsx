import { useEffect, type ReactNode } from 'react';
import { getRouteApi, Link } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import { Page } from '../../components/Page';
import { LEGAL_SECTIONS, LegalBody, useLegalDoc, type LegalSection } from './legal/LegalSections';

const route = getRouteApi('/information/aboutUs');

/** /information/aboutUs — about, privacy policy, terms, operator registration, fraud warning. */
export function AboutUsScreen() {
  const { t } = useLingui();
  const { section } = route.useSearch();
  const titles: Record<LegalSection, string> = {
    about: t`Kabuto について`,
    privacy: t`プライバシーポリシー`,
    terms: t`利用規約`,
    operator: t`運営者情報`,
    fraud: t`詐欺にご注意ください`,
  };

  // Scroll to the asked-for section once the documents are laid out.
  const ready = useLegalDoc() !== undefined;
  useEffect(() => {
    if (!section || !ready) return;
    // After the router's own scroll handling of this navigation (which runs after render).
    const id = setTimeout(() => document.getElementById(`about-${section}`)?.scrollIntoView({ block: 'start' }), 50);
    return () => clearTimeout(id);
  }, [section, ready]);

  return (
    <Page title={t`会社概要・規約`} fallback="/information/index">
      <nav className="toc" aria-label={t`目次`}>
        {LEGAL_SECTIONS.map((s) => (
          <Link
            key={s}
            to="/information/aboutUs"
            search={{ section: s }}
            replace
            resetScroll={false}
            className={s === section ? 'toc__item toc__item--active' : 'toc__item'}
          >
            {titles[s]}
          </Link>
        ))}
      </nav>
      {LEGAL_SECTIONS.map((s) => (
        <LegalBlock key={s} id={s} title={titles[s]}>
          <LegalBody section={s} />
        </LegalBlock>
      ))}
    </Page>
  );
}

function LegalBlock({ id, title, children }: { id: LegalSection; title: string; children: ReactNode }) {
  return (
    <section id={`about-${id}`} className="card legal" aria-labelledby={`about-${id}-h`}>
      <h2 id={`about-${id}-h`} className="card__title">
        {title}
      </h2>
      {children}
    </section>
  );
}
