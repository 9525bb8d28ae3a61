import { useEffect, useRef } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { Sheet } from '../../components/Sheet';
import { marginAccountQuery } from './api';
import { MarginAccountPanel } from './MarginAccountPanel';
import './margin-account.css';

/**
 * What the order ticket opens before a margin or short order when the 信用取引口座 is not open
 * (docs/domain.md "Margin account"): the application, or its state (審査中, 不承認). Once the account
 * is approved (at once by the application) it goes straight on to the order (`onApproved`); a
 * referred one stays here, 審査中.
 */
export function MarginAccountSheet({ onApproved, onClose }: { onApproved: () => void; onClose: () => void }) {
  const { t } = useLingui();
  const account = useQuery(marginAccountQuery());
  const state = account.data?.state;
  const referred = state === 'pending' || state === 'rejected';
  // Approved (at once by this application, or by a review the ticket's cache had not seen yet): on to the order.
  const went = useRef(false);
  useEffect(() => {
    if (state !== 'approved' || went.current) return;
    went.current = true;
    onApproved();
  }, [state, onApproved]);
  return (
    <Sheet
      title={t`信用取引口座の開設`}
      onClose={onClose}
      className="margin-sheet"
      testId="margin-account-sheet"
      foot={
        referred ? (
          <button type="button" className="btn btn--secondary btn--block" onClick={onClose}>
            <Trans>閉じる</Trans>
          </button>
        ) : undefined
      }
    >
      <MarginAccountPanel />
    </Sheet>
  );
}
