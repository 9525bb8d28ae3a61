import { Trans } from '@lingui/react/macro';
import { type Currency, formatMoney, formatPercent } from '../../../shared/money';
import { translateMessage } from '../../i18n/translate';
import type { Language } from '../../storage';
import { ActionDialog } from '../../components/ConfirmDialog';
import { Button } from '../../components/forms/Field';
import type { FxQuoteView } from './api';
import { rateText } from './rate-text';

interface QuoteProps {
  q: FxQuoteView;
  /** Seconds the quote has left. */
  left: number;
  quoting: boolean;
  cashOf: (c: Currency) => number;
  lang: Language;
  onExchange: () => void;
  onRequote: () => void;
}

/** The quote held: its rate, the mid rate, the spread and the amount received, the countdown, and the buttons. */
export function ExchangeQuote({ q, left, quoting, cashOf, lang, onExchange, onRequote }: QuoteProps) {
  return (
    <section className="fx-quote" data-testid="fx-quote" aria-live="polite">
      <dl className="fx-quote__list">
        <div>
          <dt>
            <Trans>適用レート</Trans>
          </dt>
          <dd className="mono">
            1 {q.from} = {rateText(q.rate)} {q.to}
          </dd>
        </div>
        <div>
          <dt>
            <Trans>仲値</Trans>
          </dt>
          <dd className="mono">
            1 {q.from} = {rateText(q.midRate)} {q.to}
          </dd>
        </div>
        <div>
          <dt>
            <Trans>スプレッド</Trans>
          </dt>
          <dd className="mono">
            {formatPercent(q.spreadBp, { sign: false })}（{formatMoney(q.spreadAmount, q.to)}）
          </dd>
        </div>
        <div className="fx-quote__out">
          <dt>
            <Trans>受取額</Trans>
          </dt>
          <dd className="mono" data-testid="fx-out">
            {formatMoney(q.amountOut, q.to)}
          </dd>
        </div>
      </dl>
      <p className="small muted">
        <Trans>受取額は{q.to}の最小単位に切り捨てています。スプレッドは仲値との差額で、当社の収益になります。</Trans>
      </p>
      <p className={left <= 5 ? 'fx-countdown fx-countdown--low' : 'fx-countdown'} data-testid="fx-countdown">
        {quoting ? <Trans>新しいレートを取得中…</Trans> : <Trans>このレートの有効期限まで残り {left} 秒</Trans>}
      </p>
      <div className="form__actions">
        <Button disabled={left === 0 || quoting || q.amount > cashOf(q.from)} onClick={onExchange}>
          <Trans>両替する</Trans>
        </Button>
        <Button variant="secondary" onClick={onRequote} loading={quoting}>
          <Trans>レートを更新</Trans>
        </Button>
      </div>
      {q.amount > cashOf(q.from) ? <p className="field__error">{translateMessage('balance_insufficient', undefined, lang)}</p> : null}
    </section>
  );
}

/** The confirmation of the exchange, with the seconds the quote has left. */
export function ExchangeConfirm({ q, left, busy, onConfirm, onCancel }: { q: FxQuoteView; left: number; busy: boolean; onConfirm: () => void; onCancel: () => void }) {
  return (
    <ActionDialog
      title={<Trans>両替の確認</Trans>}
      busy={busy}
      confirmLabel={<Trans>両替する</Trans>}
      cancelLabel={<Trans>キャンセル</Trans>}
      onConfirm={onConfirm}
      onCancel={onCancel}
    >
      <p>
        <Trans>
          {formatMoney(q.amount, q.from)} を {formatMoney(q.amountOut, q.to)} に両替します（残り {left} 秒）
        </Trans>
      </p>
    </ActionDialog>
  );
}
