import { useCallback, useState } from 'react';
import { isApiError } from '../../api/client';
import { toast } from '../../components/Toast';
import { getLanguage } from '../../storage';

/**
 * The server's refusal of a new password (`field: 'password'`: too common, a repeat, a sequence, a
 * keyboard walk, a date, the phone or the KYC name — docs/decisions/007-password-checks.md), shown
 * under the password field while that password is in it; any other failure is toasted, as the app
 * does for every call that is not silent (the screens send these calls with `silent: true`). The
 * strength estimate stays on the server: the PWA carries no dictionary, only the reason's text.
 * The message table loads with the first failure, as the app's toasts do (app.tsx).
 */
export function useServerPasswordError() {
  const [refused, setRefused] = useState<{ password: string; text: string } | null>(null);

  const report = useCallback((e: unknown, password: string) => {
    // A 401 is the session handler's to announce (api/client.ts).
    if (isApiError(e) && e.httpStatus === 401) return;
    const msg = isApiError(e) ? e.msg : 'network_error';
    const params = isApiError(e) ? e.params : undefined;
    void import('../../i18n/translate').then(({ translateMessage }) => {
      const text = translateMessage(msg || 'failed', params, getLanguage());
      if (params?.field === 'password') setRefused({ password, text });
      else toast(text);
    });
  }, []);

  /** The refusal's text while `password` is the one refused; null once the user edits it. */
  const errorFor = (password: string): string | null => (refused && refused.password === password ? refused.text : null);

  return { report, errorFor };
}
