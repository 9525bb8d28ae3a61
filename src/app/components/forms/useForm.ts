import { useCallback, useState } from 'react';
import { useLingui } from '@lingui/react';
import { FIELD_ERROR_TEXT, type FieldError } from './validation';

/** See `bind`: how long after leaving a field its error appears. */
export const BLUR_DELAY_MS = 250;

/**
 * Minimal form state: values, which fields were touched, whether a submit was tried, and the
 * translated inline error of a field (shown once it was touched or a submit was tried).
 */
export function useForm<K extends string>(
  initial: Record<K, string>,
  validate: (values: Record<K, string>) => Partial<Record<K, FieldError | null>>,
) {
  const { i18n } = useLingui();
  const [values, setValues] = useState(initial);
  const [touched, setTouched] = useState<Partial<Record<K, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);
  const errors = validate(values);

  const set = useCallback((name: K, value: string) => setValues((v) => ({ ...v, [name]: value })), []);
  const touch = useCallback((name: K) => setTouched((t) => ({ ...t, [name]: true })), []);

  const errorOf = (name: K): string | null => {
    const code = errors[name];
    if (!code || !(submitted || touched[name])) return null;
    return i18n._(FIELD_ERROR_TEXT[code]);
  };

  /** Marks the submit; true when every field is valid. */
  const trySubmit = (): boolean => {
    setSubmitted(true);
    return Object.values(errors).every((e) => !e);
  };

  /**
   * Props for an input bound to `name`. Leaving a field shows its error a moment later, not at
   * once: an error appearing under the field moves the submit button while the finger is on it,
   * and the tap would be lost. Leaving it *for* the submit button shows nothing (the submit will).
   */
  const bind = (name: K, transform?: (v: string) => string) => ({
    name,
    value: values[name],
    onChange: (e: { currentTarget: { value: string } }) =>
      set(name, transform ? transform(e.currentTarget.value) : e.currentTarget.value),
    onBlur: (e: { relatedTarget: EventTarget | null }) => {
      const next = e.relatedTarget as HTMLButtonElement | null;
      if (next?.type === 'submit') return;
      setTimeout(() => touch(name), BLUR_DELAY_MS);
    },
    error: errorOf(name),
  });

  return { values, set, errors, errorOf, trySubmit, bind, submitted };
}
