import { useEffect, useId, useRef, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Icon } from '../../components/Icon';
import * as icons from '../../components/market-icons';
import { Sheet } from '../../components/Sheet';
import { useResolvedTheme } from '../../theme';
import { UPDOWN_SCHEMES, setUpDownScheme, upDownColors, useUpDown, type UpDownScheme } from './updown';

/**
 * The rise / fall colour setting: a button that opens a sheet with the three schemes. The default
 * (rise red, fall blue) is explained in updown.ts.
 */
export function UpDownSetting() {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  const { scheme } = useUpDown();
  const colors = upDownColors(useResolvedTheme());
  const id = useId();
  const firstRef = useRef<HTMLInputElement>(null);
  const close = () => setOpen(false);
  useEffect(() => {
    if (open) firstRef.current?.focus();
  }, [open]);
  const names: Record<UpDownScheme, string> = {
    'red-blue': t`上昇は赤・下落は青（標準）`,
    'red-green': t`上昇は赤・下落は緑`,
    'green-red': t`上昇は緑・下落は赤`,
  };
  return (
    <>
      <button type="button" className="icon-btn" aria-label={t`上昇・下落の色`} onClick={() => setOpen(true)} aria-haspopup="dialog">
        <Icon d={icons.palette} size={22} />
      </button>
      {open ? (
        <Sheet
          title={<Trans>上昇・下落の色</Trans>}
          onClose={close}
          foot={
            <button type="button" className="btn btn--primary btn--block" onClick={close}>
              <Trans>閉じる</Trans>
            </button>
          }
        >
          <fieldset className="updown-opts" style={{ border: 0, margin: 0, padding: 0 }}>
            <legend className="mk-muted" style={{ marginBottom: '0.5rem' }}>
              <Trans>数値には必ず +/− の符号と ▲▼ が付きます。</Trans>
            </legend>
            {UPDOWN_SCHEMES.map((s, i) => (
              <label key={s} className="updown-opt">
                <input
                  ref={i === 0 ? firstRef : undefined}
                  type="radio"
                  name={`${id}-scheme`}
                  checked={scheme === s}
                  onChange={() => setUpDownScheme(s)}
                />
                <span>{names[s]}</span>
                <span className="updown-opt__swatches" aria-hidden="true">
                  <span style={{ color: colors[s].rise }}>▲+1.2%</span>
                  <span style={{ color: colors[s].fall }}>▼−0.8%</span>
                </span>
              </label>
            ))}
          </fieldset>
        </Sheet>
      ) : null}
    </>
  );
}
