import { useEffect, useState } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import { useSiteConfig } from '../../components/useSiteConfig';
import { getToken } from '../../storage';
import { Brand } from './Brand';
import { Spinner } from '../../components/Spinner';

/** The splash stays at least this long, and at most this long when the config does not come. */
export const SPLASH_MIN_MS = 1200;
export const SPLASH_MAX_MS = 5000;

/** /login/start — startup splash with the title and logo of `common/config`, then login or home. */
export function StartScreen() {
  const { t } = useLingui();
  const navigate = useNavigate();
  const config = useSiteConfig();
  const settled = config.isSuccess || config.isError;
  const [minDone, setMinDone] = useState(false);
  const [maxDone, setMaxDone] = useState(false);

  useEffect(() => {
    const a = setTimeout(() => setMinDone(true), SPLASH_MIN_MS);
    const b = setTimeout(() => setMaxDone(true), SPLASH_MAX_MS);
    return () => {
      clearTimeout(a);
      clearTimeout(b);
    };
  }, []);

  useEffect(() => {
    if ((settled && minDone) || maxDone) {
      void navigate({ to: getToken() ? '/home/index' : '/login/login', replace: true });
    }
  }, [settled, minDone, maxDone, navigate]);

  return (
    <div className="splash">
      <div className="splash__center">
        <Brand tagline={t`日本株の投資アプリ`} />
      </div>
      <div className="splash__foot">
        <Spinner size={22} label={t`読み込み中…`} />
      </div>
    </div>
  );
}
