import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useSiteConfig } from '../../api/site-config';
import { isSignedIn } from '../../storage';
import { Brand } from './Brand';
import { Spinner } from '../../components/Spinner';
import { isWelcomed, markWelcomed, splashTarget, type SplashTarget } from './splash';

/** The splash stays at least this long, and at most this long when the config does not come. */
export const SPLASH_MIN_MS = 1200;
export const SPLASH_MAX_MS = 5000;

/** The props a link to the welcome screen gets (the router's Link, or a plain anchor before the router). */
export interface WelcomeLinkProps {
  className: string;
  'data-testid': string;
  children: ReactNode;
}

/**
 * The startup splash: the title and logo of `common/config`, then home, the login form, or for a
 * first visit the welcome screen /login/start1 (splash.ts), which a signed-out user can also open
 * at once with the 「はじめての方へ」 link. It knows nothing of the router: a start at the splash
 * draws it before the router has loaded (main.tsx; docs/decisions/020-first-load-and-prerender.md),
 * and the /login/start route draws it with the router's navigation (StartScreen.tsx).
 */
export function Splash({ go, WelcomeLink }: { go: (to: SplashTarget) => void; WelcomeLink: (props: WelcomeLinkProps) => ReactNode }) {
  const { t } = useLingui();
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

  // The latest `go` (its identity may change between renders); the splash leaves once.
  const goRef = useRef(go);
  goRef.current = go;
  const done = (settled && minDone) || maxDone;
  useEffect(() => {
    if (!done) return;
    const signedIn = isSignedIn();
    if (signedIn) markWelcomed();
    goRef.current(splashTarget(signedIn, isWelcomed()));
  }, [done]);
  const signedOut = !isSignedIn();

  return (
    <div className="splash">
      <div className="splash__center">
        <Brand tagline={t`日本株の投資アプリ`} />
      </div>
      <div className="splash__foot">
        <Spinner size={22} label={t`読み込み中…`} />
        {signedOut ? (
          <WelcomeLink className="splash__link link" data-testid="splash-welcome">
            <Trans>はじめての方へ</Trans>
          </WelcomeLink>
        ) : null}
      </div>
    </div>
  );
}
