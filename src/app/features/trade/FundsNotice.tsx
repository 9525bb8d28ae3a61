import { Trans } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { Icon } from '../../components/Icon';
import * as icons from '../../components/icons';

/**
 * Why the order button is disabled for money (issue 13 item 7). When nothing (or not one 単元) is
 * affordable, changing quantity or leverage cannot help: the advice is to deposit (入金).
 */
export function FundsNotice({ kind }: { kind: 'reduce' | 'deposit' }) {
  return (
    <p className="notice notice--warn" role="status" data-testid="funds-short">
      <Icon d={icons.alert} size={18} />
      <span>
        {kind === 'deposit' ? (
          <Trans>
            買付余力が不足しているため注文できません。
            <Link to="/information/recharge" className="link ticket__deposit">
              入金
            </Link>
            すると注文できるようになります。
          </Trans>
        ) : (
          <Trans>
            買付余力が不足しているため注文できません。数量を減らすか、
            <Link to="/information/recharge" className="link ticket__deposit">
              入金
            </Link>
            してください。
          </Trans>
        )}
      </span>
    </p>
  );
}
