import { Trans, useLingui } from '@lingui/react/macro';
import { Segmented } from '../../components/Segmented';
import { setThemePref, useThemePref, type ThemePref } from '../../theme';

/**
 * Settings: the display theme — the device's (system) light or dark, or one chosen here. Stored on
 * this device like the language (src/app/theme.ts); applied at once and before the next start's
 * first paint.
 */
export function ThemeSection() {
  const { t } = useLingui();
  const pref = useThemePref();
  const options: { value: ThemePref; label: string }[] = [
    { value: 'system', label: t`端末の設定に合わせる` },
    { value: 'light', label: t`ライト` },
    { value: 'dark', label: t`ダーク` },
  ];
  return (
    <section className="menu-group" aria-labelledby="theme-title">
      <h2 className="menu-group__title" id="theme-title">
        <Trans>表示テーマ</Trans>
      </h2>
      <Segmented label={t`表示テーマ`} value={pref} options={options} onChange={setThemePref} />
    </section>
  );
}
