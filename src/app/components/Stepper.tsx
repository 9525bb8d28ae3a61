import { useEffect, useId, useState, type ReactNode } from 'react';
import { useLingui } from '@lingui/react/macro';
import './widgets.css';

/**
 * − [value] + with a typed value accepted on blur / Enter. `parse` turns the text into a value or
 * null: then the last good value comes back and the stepper says so, so a typed value is never
 * replaced silently; `onChange` receives what was typed (the caller refuses, never adjusts).
 */
export function Stepper({
  label,
  value,
  display,
  parse,
  onChange,
  onStep,
  canDown = true,
  canUp = true,
  hint,
  suffix,
  inputMode = 'numeric',
  disabled = false,
}: {
  label: string;
  value: number;
  display: (v: number) => string;
  parse: (text: string) => number | null;
  onChange: (v: number) => void;
  onStep: (dir: 1 | -1) => void;
  canDown?: boolean;
  canUp?: boolean;
  hint?: ReactNode;
  suffix?: ReactNode;
  inputMode?: 'numeric' | 'decimal';
  disabled?: boolean;
}) {
  const { t } = useLingui();
  const id = useId();
  const [text, setText] = useState(() => display(value));
  const [editing, setEditing] = useState(false);
  const [rejected, setRejected] = useState<string | null>(null);
  useEffect(() => {
    if (!editing) setText(display(value));
  }, [value, display, editing]);

  const commit = () => {
    setEditing(false);
    const v = parse(text);
    if (v === null) {
      if (text.trim() !== display(value)) setRejected(text.trim());
      setText(display(value));
    } else {
      setRejected(null);
      onChange(v);
    }
  };

  return (
    <div className="stepper">
      <label className="stepper__label" htmlFor={id}>
        {label}
      </label>
      <div className="stepper__row">
        <button
          type="button"
          className="stepper__btn"
          aria-label={t`${label}を減らす`}
          disabled={disabled || !canDown}
          onClick={() => {
            setRejected(null);
            onStep(-1);
          }}
        >
          −
        </button>
        <input
          id={id}
          className="stepper__input mono"
          inputMode={inputMode}
          autoComplete="off"
          value={text}
          disabled={disabled}
          onFocus={() => setEditing(true)}
          aria-invalid={rejected !== null || undefined}
          onChange={(e) => setText(e.currentTarget.value)}
          onBlur={commit}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              (e.currentTarget as HTMLInputElement).blur();
            }
          }}
        />
        {suffix ? <span className="stepper__suffix">{suffix}</span> : null}
        <button
          type="button"
          className="stepper__btn"
          aria-label={t`${label}を増やす`}
          disabled={disabled || !canUp}
          onClick={() => {
            setRejected(null);
            onStep(1);
          }}
        >
          +
        </button>
      </div>
      {rejected !== null ? (
        <p className="stepper__hint stepper__hint--warn" role="alert">
          {t`「${rejected}」は入力できないため、元の値に戻しました。`}
        </p>
      ) : null}
      {hint ? <p className="stepper__hint">{hint}</p> : null}
    </div>
  );
}
