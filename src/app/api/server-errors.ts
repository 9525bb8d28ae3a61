import { useCallback, useState } from 'react';
import { refusalField, refusalFor, type ShownRefusal } from '../components/forms/refusal';
import { getLanguage } from '../storage';
import { isApiError } from './client';

/**
 * A form's server refusals (issue 35): one that names a field (`params.field`, or its message id in
 * `byId`) is shown under that field until the field is edited (`errorOf`); any other stays over the
 * form (`formError`) until the next submit (`clear`). Send the calls `silent: true` so nothing is
 * toasted twice. A 401 is the session handler's to announce (client.ts). The message table loads
 * with the first failure, as the app's toasts do (app.tsx), so a sign-in screen does not carry it.
 */
export function useServerErrors<K extends string>(fields: readonly K[], byId: Partial<Record<string, K>> = {}) {
  const [shown, setShown] = useState<ShownRefusal<K> | null>(null);

  const report = useCallback(
    (e: unknown, values: Partial<Record<K, string>>, fallback = 'network_error') => {
      if (isApiError(e) && e.httpStatus === 401) return;
      const msg = isApiError(e) ? e.msg || 'failed' : fallback;
      const params = isApiError(e) ? e.params : undefined;
      const field = refusalField(msg, params, fields, byId);
      void import('../i18n/translate').then(({ translateMessage }) => {
        setShown({ field, value: field ? (values[field] ?? '') : '', text: translateMessage(msg, params, getLanguage()) });
      });
    },
    // The field list and map are constants of the form.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  );

  const errorOf = (field: K, value: string): string | null => refusalFor(shown, field, value);
  const clear = useCallback(() => setShown(null), []);
  return { report, errorOf, formError: shown && shown.field === null ? shown.text : null, clear };
}
