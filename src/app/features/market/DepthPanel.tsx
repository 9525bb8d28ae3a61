import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { formatDateTime, formatInt, formatTickPrice } from '../../../shared/money';
import { SimBadge } from './parts';
import { useLiveDepth } from '../../api/quotes/live';
import { bookQuery, tradesQuery, type BookData, type TradesData } from './api';
import './depth.css';

/*
 * The stock detail's 板 (order book) and 歩み値 (time and sales), both simulated and labelled so.
 * They come from market/book and market/trades and stay live through the quote stream's
 * `event: depth` (useLiveDepth); the book has no levels outside continuous trading, and at a
 * price limit only one side — the screen says which instead of showing an empty grid.
 */

const SHORT_LEVELS = 5;
const SHORT_PRINTS = 12;

function BookTable({ book, levels }: { book: BookData; levels: number }) {
  const { t } = useLingui();
  const ps = book.priceScale;
  const asks = book.asks.slice(0, levels).reverse(); // highest at the top, best ask next to the bids
  const bids = book.bids.slice(0, levels);
  // What the hidden levels hold: the ones cut here plus the server's OVER / UNDER.
  const over = book.over + book.asks.slice(levels).reduce((a, l) => a + l.qty, 0);
  const under = book.under + book.bids.slice(levels).reduce((a, l) => a + l.qty, 0);
  const priceCls = (p: number) => (p === book.price ? ' is-last' : '');
  return (
    <table className="depth-book" aria-label={t`板`} data-testid="book">
      <thead>
        <tr>
          <th scope="col">
            <Trans>売数量</Trans>
          </th>
          <th scope="col">
            <Trans>気配値</Trans>
          </th>
          <th scope="col">
            <Trans>買数量</Trans>
          </th>
        </tr>
      </thead>
      <tbody>
        <tr className="depth-book__meta">
          <td>{formatInt(book.marketSell)}</td>
          <th scope="row">
            <Trans>成行</Trans>
          </th>
          <td>{formatInt(book.marketBuy)}</td>
        </tr>
        <tr className="depth-book__meta">
          <td>{formatInt(over)}</td>
          <th scope="row">OVER</th>
          <td />
        </tr>
        {asks.map((l) => (
          <tr key={`a${l.price}`} className="depth-book__ask">
            <td className="depth-book__qty depth-book__qty--ask">{formatInt(l.qty)}</td>
            <td className={`depth-book__price${priceCls(l.price)}`}>{formatTickPrice(l.price, ps)}</td>
            <td />
          </tr>
        ))}
        {bids.map((l) => (
          <tr key={`b${l.price}`} className="depth-book__bid">
            <td />
            <td className={`depth-book__price${priceCls(l.price)}`}>{formatTickPrice(l.price, ps)}</td>
            <td className="depth-book__qty depth-book__qty--bid">{formatInt(l.qty)}</td>
          </tr>
        ))}
        <tr className="depth-book__meta">
          <td />
          <th scope="row">UNDER</th>
          <td>{formatInt(under)}</td>
        </tr>
      </tbody>
    </table>
  );
}

function StatusLine({ book }: { book: BookData }) {
  if (book.status === 'limit_up') {
    return (
      <p className="depth-note rise" data-testid="book-status">
        <Trans>ストップ高：売り注文がなく、買い注文だけが並んでいます</Trans>
      </p>
    );
  }
  if (book.status === 'limit_down') {
    return (
      <p className="depth-note fall" data-testid="book-status">
        <Trans>ストップ安：買い注文がなく、売り注文だけが並んでいます</Trans>
      </p>
    );
  }
  if (book.status === 'closed') {
    return (
      <p className="depth-note" data-testid="book-status">
        <Trans>板はザラ場（9:00〜11:30、12:30〜15:25）だけ表示します</Trans>
      </p>
    );
  }
  return null;
}

function Prints({ data, all }: { data: TradesData; all: boolean }) {
  const { t } = useLingui();
  const ps = data.priceScale;
  const items = all ? data.items : data.items.slice(0, SHORT_PRINTS);
  if (items.length === 0) {
    return (
      <p className="depth-note">
        <Trans>この取引日の約定はまだありません</Trans>
      </p>
    );
  }
  const mark = (dir: string) => (dir === 'up' ? '↑' : dir === 'down' ? '↓' : '');
  return (
    <table className="tbl depth-tape" aria-label={t`歩み値`} data-testid="trades">
      <thead>
        <tr>
          <th scope="col">
            <Trans>時刻</Trans>
          </th>
          <th scope="col">
            <Trans>約定値</Trans>
          </th>
          <th scope="col">
            <Trans>出来高</Trans>
          </th>
        </tr>
      </thead>
      <tbody>
        {items.map((p, i) => (
          <tr key={`${p.t}-${i}`}>
            <td>{formatDateTime(p.t).slice(11)}</td>
            <td className={p.dir === 'up' ? 'rise' : p.dir === 'down' ? 'fall' : undefined}>
              {p.auction ? (
                <span className="depth-tape__tag">
                  <Trans>引け</Trans>
                </span>
              ) : null}
              {formatTickPrice(p.price, ps)}
              <span className="depth-tape__dir" aria-label={p.dir === 'up' ? t`上昇` : p.dir === 'down' ? t`下落` : undefined}>
                {mark(p.dir)}
              </span>
            </td>
            <td>{formatInt(p.qty)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** 板 and 歩み値 of a stock, live while on screen. */
export function DepthPanel({ code }: { code: string }) {
  useLiveDepth(code);
  const book = useQuery(bookQuery(code)).data;
  const trades = useQuery(tradesQuery(code)).data;
  const [deep, setDeep] = useState(false);
  const [allPrints, setAllPrints] = useState(false);
  if (!book && !trades) return null;
  const asOf = book ? formatDateTime(book.at) : '';
  return (
    <section className="depth" data-testid="depth">
      <div className="depth__col">
        <h2 className="section-title depth__title">
          <Trans>板</Trans> <SimBadge />
        </h2>
        {book ? (
          <>
            <StatusLine book={book} />
            {book.asks.length + book.bids.length > 0 ? <BookTable book={book} levels={deep ? 10 : SHORT_LEVELS} /> : null}
            {book.asks.length > SHORT_LEVELS || book.bids.length > SHORT_LEVELS ? (
              <button type="button" className="depth__more" onClick={() => setDeep(!deep)} aria-expanded={deep}>
                {deep ? <Trans>5本表示</Trans> : <Trans>10本表示</Trans>}
              </button>
            ) : null}
            <p className="mk-muted">
              <Trans>{asOf} 時点・株数（1単元=100株）</Trans>
            </p>
          </>
        ) : null}
      </div>
      <div className="depth__col">
        <h2 className="section-title depth__title">
          <Trans>歩み値</Trans> <SimBadge />
        </h2>
        {trades ? (
          <>
            <Prints data={trades} all={allPrints} />
            {trades.items.length > SHORT_PRINTS ? (
              <button type="button" className="depth__more" onClick={() => setAllPrints(!allPrints)} aria-expanded={allPrints}>
                {allPrints ? <Trans>閉じる</Trans> : <Trans>もっと見る</Trans>}
              </button>
            ) : null}
          </>
        ) : null}
      </div>
    </section>
  );
}
