import { useLingui } from '@lingui/react/macro';
import { Page } from '../../components/Page';
import { ExchangeBalances, ExchangeBoard } from './ExchangeBalances';
import { ExchangeForm } from './ExchangeForm';
import { ExchangeConfirm, ExchangeQuote } from './ExchangeQuote';
import { useExchange } from './useExchange';
import './fx.css';

/**
 * /information/exChange (資金振替・両替): choose the currencies and the amount, see the live quote
 * with its spread and a 30-second countdown (re-quoted when it runs out), confirm; the balances in
 * each currency are listed below. The state is useExchange's.
 */
export function ExchangeScreen() {
  const { t } = useLingui();
  const fx = useExchange();
  const q = fx.quote;
  return (
    <Page title={t`資金振替・両替`} fallback="/information/index" className="fx">
      <ExchangeForm fx={fx} />
      {q ? (
        <ExchangeQuote
          q={q}
          left={fx.left}
          quoting={fx.quoting}
          cashOf={fx.cashOf}
          lang={fx.lang}
          onExchange={fx.openConfirm}
          onRequote={() => void fx.fetchQuote(q.amount)}
        />
      ) : null}
      <ExchangeBalances balances={fx.balances} cashOf={fx.cashOf} />
      {fx.board.data ? <ExchangeBoard board={fx.board.data} /> : null}
      {fx.confirming && q ? <ExchangeConfirm q={q} left={fx.left} busy={fx.exchanging} onConfirm={fx.confirm} onCancel={fx.cancelConfirm} /> : null}
    </Page>
  );
}
