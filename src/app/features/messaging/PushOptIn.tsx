import { useEffect, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { toast } from '../../components/Toast';
import { enablePush, pushEnabled, pushSupported } from './push';

/** "Receive push notifications" on this browser (opt-in; only where the browser supports Web Push). */
export function PushOptIn() {
  const { t } = useLingui();
  const [state, setState] = useState<'unknown' | 'on' | 'off' | 'busy'>('unknown');
  useEffect(() => {
    let live = true;
    void pushEnabled().then((on) => live && setState(on ? 'on' : 'off'));
    return () => {
      live = false;
    };
  }, []);
  if (!pushSupported() || state === 'unknown') return null;
  return (
    <div className="card msg-push" data-testid="push-optin">
      <span className="msg-push__text">
        {state === 'on' ? <Trans>この端末でプッシュ通知を受け取ります</Trans> : <Trans>株価通知などをプッシュ通知で受け取れます</Trans>}
      </span>
      {state === 'on' ? null : (
        <button
          type="button"
          className="btn btn--primary msg-push__btn"
          disabled={state === 'busy'}
          onClick={() => {
            setState('busy');
            enablePush().then(
              (ok) => setState(ok ? 'on' : 'off'),
              () => {
                setState('off');
                toast(t`プッシュ通知を有効にできませんでした`);
              },
            );
          }}
        >
          <Trans>受け取る</Trans>
        </button>
      )}
    </div>
  );
}
