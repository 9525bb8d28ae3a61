// @vitest-environment jsdom
/**
 * The order-type controls as the ticket and the close dialog use them: the kinds offered per mode,
 * the fields each kind shows, the IFDOCO close, and a trigger already reached flagged before
 * anything is sent. Texts are looked up by role and data attributes (the catalogs are extracted
 * later), values by what is sent (orderTypeBody).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { I18nProvider } from '@lingui/react';
import { useState } from 'react';
import { activateLanguage, i18n } from '../../src/app/i18n';
import { DEFAULT_ORDER_TYPE, OrderTypeFields, orderTypeBody, type OrderTypeValue } from '../../src/app/features/trade/OrderTypeFields';
import type { TicketQuote } from '../../src/app/features/trade/ticket';
import { limitPrices } from '../../src/shared/market';

const quote: TicketQuote = { price: 26000, bid: 25995, ask: 26005, priceScale: 10, limits: limitPrices(26000, 'other'), tickTable: 'other' };
const NOW = Date.parse('2026-11-24T10:00:00+09:00');

let last: OrderTypeValue = DEFAULT_ORDER_TYPE;
function Harness({ mode, direction = 'up', initial = DEFAULT_ORDER_TYPE }: { mode: 'open' | 'close'; direction?: 'up' | 'down'; initial?: OrderTypeValue }) {
  const [v, setV] = useState(initial);
  return (
    <OrderTypeFields
      mode={mode}
      quote={quote}
      value={v}
      onChange={(next) => {
        last = next;
        setV(next);
      }}
      direction={direction}
      now={NOW}
    />
  );
}

async function renderFields(props: Parameters<typeof Harness>[0]) {
  await activateLanguage('jp');
  last = props.initial ?? DEFAULT_ORDER_TYPE;
  render(
    <I18nProvider i18n={i18n}>
      <Harness {...props} />
    </I18nProvider>,
  );
}

const groups = () => screen.getAllByRole('radiogroup');
const kinds = () => within(groups()[0]!).getAllByRole('radio');

afterEach(cleanup);

describe('OrderTypeFields', () => {
  it('a close offers 成行 / 指値 / 逆指値 / OCO; an opening order no OCO but 執行条件 and the IFD close', async () => {
    await renderFields({ mode: 'close' });
    expect(kinds()).toHaveLength(4);
    expect(groups()).toHaveLength(2); // kind, validity
    cleanup();
    await renderFields({ mode: 'open' });
    expect(kinds()).toHaveLength(3);
    expect(groups()).toHaveLength(4); // kind, condition, validity, IFD
  });

  it('OCO shows a take-profit and a stop-loss and sends both', async () => {
    await renderFields({ mode: 'close' });
    fireEvent.click(kinds()[3]!);
    expect(screen.getAllByRole('textbox')).toHaveLength(2);
    const body = orderTypeBody(last);
    expect(body).toMatchObject({ type: 'limit', validity: 'day' });
    expect(body.price!).toBeGreaterThan(quote.price);
    expect(body.stop!).toBeLessThan(quote.price);
    expect(document.querySelector('[role="alert"]')).toBeNull();
  });

  it('a trigger the price already reached is flagged (the server would refuse trigger_already_reached)', async () => {
    await renderFields({ mode: 'open', initial: { ...DEFAULT_ORDER_TYPE, trigger: 25900 } });
    expect(document.querySelector('[data-issue="reached"]')).not.toBeNull();
    cleanup();
    // The same trigger is a valid stop-loss for a long's close.
    await renderFields({ mode: 'close', initial: { ...DEFAULT_ORDER_TYPE, trigger: 25900 } });
    expect(document.querySelector('[data-issue="reached"]')).toBeNull();
  });

  it('IFDOCO adds the close’s two prices; a stop order has no condition to choose', async () => {
    await renderFields({ mode: 'open' });
    fireEvent.click(kinds()[1]!); // 指値
    const ifd = within(groups()[3]!).getAllByRole('radio');
    fireEvent.click(ifd[3]!); // IFDOCO
    expect(last.then).toMatchObject({ type: 'limit', validity: 'day' });
    expect(last.then!.stop!).toBeLessThan(last.then!.price!);
    expect(screen.getAllByRole('textbox')).toHaveLength(3);
    fireEvent.click(kinds()[2]!); // 逆指値
    expect(last.trigger).not.toBeNull();
    // The condition group is gone (a stop takes no condition): kind, stop type, validity, IFD, the close's validity.
    expect(groups()).toHaveLength(5);
    expect(last.condition).toBeNull();
  });

  it('validity: a date within 15 business days from a list', async () => {
    await renderFields({ mode: 'close' });
    fireEvent.click(within(groups()[1]!).getAllByRole('radio')[2]!);
    const select = screen.getByRole('combobox') as HTMLSelectElement;
    expect(select.options).toHaveLength(15);
    expect(select.options[0]!.value).toBe('2026-11-25');
    fireEvent.change(select, { target: { value: select.options[14]!.value } });
    expect(last.validity).toBe(select.options[14]!.value);
  });
});
