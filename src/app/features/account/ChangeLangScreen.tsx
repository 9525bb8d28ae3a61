import { useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import { getLanguage, setLanguage } from '../../storage';
import { activateLanguage } from '../../i18n';
import { ENDONYM, LANGS, type Lang } from '../../i18n/languages';
import { Page } from '../../components/Page';
import { Icon } from '../../components/Icon';
import * as icons from '../../components/icons';
import { toast } from '../../components/Toast';

/** /information/changeLang — jp / en / tw / ko; applies at once and is remembered. */
export function ChangeLangScreen() {
  const { t } = useLingui();
  const [current, setCurrent] = useState<Lang>(getLanguage);
  const [busy, setBusy] = useState(false);

  const choose = async (lang: Lang) => {
    if (lang === current || busy) return;
    setBusy(true);
    try {
      await activateLanguage(lang);
      setLanguage(lang);
      setCurrent(lang);
    } catch {
      toast(t`言語を切り替えられませんでした。通信環境を確認してください`);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Page title={t`言語`} fallback="/information/index">
      <ul className="menu lang-list" role="radiogroup" aria-label={t`言語`}>
        {LANGS.map((lang) => (
          <li key={lang}>
            <button
              type="button"
              role="radio"
              aria-checked={lang === current}
              className="menu__row lang-list__row"
              lang={lang === 'jp' ? 'ja' : lang === 'tw' ? 'zh-Hant' : lang}
              onClick={() => void choose(lang)}
            >
              <span className="menu__label">{ENDONYM[lang]}</span>
              {lang === current ? (
                <span className="lang-list__check">
                  <Icon d={icons.check} size={22} />
                </span>
              ) : null}
            </button>
          </li>
        ))}
      </ul>
    </Page>
  );
}
