import type { ReactNode } from 'react';

export interface Choice<T extends string> {
  value: T;
  label: ReactNode;
  disabled?: boolean;
}

/**
 * One of a few choices as a row of chips (radio semantics), each with its own test id
 * (`<testIdPrefix><value>`, the names the e2e spec uses): the box's kind filter and the export's
 * kind and encoding.
 */
export function Choices<T extends string>({
  label,
  value,
  options,
  onChange,
  testIdPrefix,
  wide = false,
}: {
  label: string;
  value: T;
  options: readonly Choice<T>[];
  onChange: (v: T) => void;
  testIdPrefix: string;
  /** One choice a row (a choice with a line of explanation). */
  wide?: boolean;
}) {
  return (
    <div className={wide ? 'doc-chips doc-chips--wide' : 'doc-chips'} role="radiogroup" aria-label={label}>
      {options.map((o) => {
        const on = o.value === value;
        return (
          <button
            key={o.value}
            type="button"
            role="radio"
            aria-checked={on}
            disabled={o.disabled}
            className={on ? 'doc-chip doc-chip--on' : 'doc-chip'}
            onClick={() => onChange(o.value)}
            data-testid={`${testIdPrefix}${o.value}`}
          >
            {o.label}
          </button>
        );
      })}
    </div>
  );
}
