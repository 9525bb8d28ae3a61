import { useEffect, useState } from 'react';
import { Link, useNavigate } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { useSiteConfig } from '../../components/useSiteConfig';
import { getToken } from '../../storage';
import { Brand } from './Brand';
import { Spinner } from '../../components/Spinner';
import { isWelcomed, markWelcomed, splashTarget } from './splash';

/** The splash stays at least this long, and at most this long when the config does not come. */
export const SPLASH_MIN_MS = 1200;
export const SPLASH_MAX_MS = 5000;

/**
 * /login/start — startup splash with the title and logo of `common/config`, then home, the login
 * form, or for a first visit the welcome screen /login/start1 (splash.ts), which a signed-out user
 * can also open at once with the 「はじめての方へ」 link.
 */
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
      const signedIn = getToken() !== null;
      if (signedIn) markWelcomed();
      void navigate({ to: splashTarget(signedIn, isWelcomed()), replace: true });
    }
  }, [settled, minDone, maxDone, navigate]);
  const signedOut = getToken() === null;

  return (
    <div className="splash">
      <div className="splash__center">
        <Brand tagline={t`日本株の投資アプリ`} />
      </div>
      <div className="splash__foot">
        <Spinner size={22} label={t`読み込み中…`} />
        {signedOut ? (
          <Link to="/login/start1" replace className="splash__link link" data-testid="splash-welcome">
            <Trans>はじめての方へ</Trans>
          </Link>
        ) : null}
      </div>
    </div>
  );
}
