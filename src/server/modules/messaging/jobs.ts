import { uuidv7 } from 'uuidv7';
import type { Database } from '../../db/database';
import type { Logger } from '../../logger';
import type { CorporateAction } from '../../market';
import type { MarketService } from '../market';
import { addDays, jstDate } from '../../../shared/market';
import { formatPrice } from '../../../shared/market/price';
import type { AlertKind } from '../../../shared/api/messaging';
import type { JobHandler } from '../module';
import { notify } from './notify';
import type { PushService } from './push';
import { ACTIONS_AHEAD_DAYS, alertHit, topMovers, VOLUME_SPIKE_X100 } from './rules';
import * as repo from './repo';

/** Market news is looked for once per this much market time (a run inside the same slot does nothing). */
const NEWS_SLOT_MS = 10 * 60_000;
/** Only stocks moving at least this much are checked for a volume spike (its 20-day average costs a read). */
const SPIKE_MIN_MOVE_BP = 300;

/**
 * Simulated market news (docs/domain.md "Messages, news and support"): limit up / down, the
 * session's biggest movers, volume spikes and splits / dividends in the coming week, each once
 * (its dedupe key names the event and its day), labelled `simulated`.
 */
export class NewsJob implements JobHandler<{ news: number }> {
  private lastSlot = '';
  private readonly actions = new Map<string, CorporateAction[]>();

  constructor(
    private readonly database: Database,
    private readonly market: MarketService,
    private readonly logger: Logger,
  ) {}

  async run(at: number): Promise<{ news: number }> {
    const slot = `${Math.floor(at / NEWS_SLOT_MS)}`;
    if (slot === this.lastSlot) return { news: 0 };
    this.lastSlot = slot;
    const stocks = this.market.source.instruments().filter((i) => i.kind === 'stock');
    const items: repo.NewsRow[] = [];
    const add = (kind: string, category: string, code: string, key: string, params: Record<string, string | number>) =>
      items.push({ id: uuidv7(), source: 'simulated', category, kind, code, params_json: JSON.stringify(params), content_json: '{}', dedupe_key: `${kind}:${code}:${key}`, author_id: null, published_at: at });
    const rows: { code: string; changeBp: number }[] = [];
    for (const [i, inst] of stocks.entries()) {
      // Long CPU work: let requests and timers through now and then.
      if (i % 25 === 24) await yieldNow();
      let q;
      try {
        q = this.market.quote(inst.code, at);
      } catch {
        continue;
      }
      if (q.open === null) continue; // no trade yet that day
      const base = { name: inst.nameJa, nameEn: inst.nameEn, price: q.price, priceScale: q.priceScale, changeBp: q.changeBp, date: q.tradingDate };
      rows.push({ code: inst.code, changeBp: q.changeBp });
      if (q.limitState === 'up') add('limit_up', 'hot', inst.code, q.tradingDate, base);
      if (q.limitState === 'down') add('limit_down', 'hot', inst.code, q.tradingDate, base);
      if (Math.abs(q.changeBp) >= SPIKE_MIN_MOVE_BP) {
        const past = this.market.source.dailyBars(inst.code, addDays(q.tradingDate, -45), addDays(q.tradingDate, -1)).slice(-20);
        const avg = past.length ? past.reduce((s, b) => s + b.volume, 0) / past.length : 0;
        const ratio = avg > 0 ? Math.round((q.volume * 100) / avg) : 0;
        if (ratio >= VOLUME_SPIKE_X100) add('volume_spike', 'price', inst.code, q.tradingDate, { ...base, volumeRatioX100: ratio });
      }
    }
    const byCode = new Map(stocks.map((i) => [i.code, i]));
    const { gainers, losers } = topMovers(rows);
    for (const [list, kind] of [[gainers, 'top_gainer'], [losers, 'top_loser']] as const) {
      list.forEach((r, i) => {
        const inst = byCode.get(r.code)!;
        const q = this.market.quote(r.code, at);
        add(kind, 'price', r.code, q.tradingDate, { name: inst.nameJa, nameEn: inst.nameEn, price: q.price, priceScale: q.priceScale, changeBp: q.changeBp, rank: i + 1, date: q.tradingDate });
      });
    }
    const today = jstDate(at);
    const horizon = addDays(today, ACTIONS_AHEAD_DAYS);
    for (const inst of stocks) {
      let acts = this.actions.get(inst.code);
      if (!acts) {
        await yieldNow();
        acts = this.market.source.corporateActions(inst.code);
        this.actions.set(inst.code, acts);
      }
      for (const a of acts) {
        if (a.exDate <= today || a.exDate > horizon) continue;
        const base = { name: inst.nameJa, nameEn: inst.nameEn, exDate: a.exDate };
        if (a.kind === 'split') add('split_ahead', 'corporate', inst.code, a.exDate, { ...base, ratio: a.ratio });
        else add('dividend_ahead', 'corporate', inst.code, a.exDate, { ...base, amount: a.amount, priceScale: inst.priceScale });
      }
    }
    let n = 0;
    for (const item of items) if (await repo.insertNews(this.database.db, item)) n++;
    if (n) this.logger.debug({ n }, 'market news');
    return { news: n };
  }
}

/**
 * Price alerts (docs/domain.md "Messages, news and support"): each waiting alert is checked
 * against the simulated quote at the run's instant; one that has crossed fires once — the update
 * that marks it fired and its message commit together, and only the run whose update took it
 * fires it — then goes out by Web Push to the user's subscriptions.
 */
export class AlertsJob implements JobHandler<{ alertsFired: number; pushed: number }> {
  constructor(
    private readonly database: Database,
    private readonly market: MarketService,
    private readonly push: PushService,
  ) {}

  async run(at: number): Promise<{ alertsFired: number; pushed: number }> {
    const waiting = await repo.activeAlerts(this.database.db);
    let fired = 0;
    let pushed = 0;
    for (const a of waiting) {
      const inst = this.market.source.instrument(a.code);
      if (!inst) continue;
      let q;
      try {
        q = this.market.quote(a.code, at);
      } catch {
        continue;
      }
      const kind = a.kind as AlertKind;
      const value = alertHit(kind, Number(a.threshold), q);
      if (value === null) continue;
      const params = { code: a.code, name: inst.nameJa, nameEn: inst.nameEn, alert: kind, threshold: Number(a.threshold), value, price: q.price, priceScale: q.priceScale, changeBp: q.changeBp };
      const won = await this.database.db.transaction().execute(async (trx) => {
        if (!(await repo.fireAlert(trx, a.id, at, value))) return false;
        await notify(trx, { userId: a.user_id, kind: 'price_alert', params, at, dedupeKey: `alert:${a.id}` });
        return true;
      });
      if (!won) continue;
      fired++;
      const sign = kind === 'below' || (kind === 'change' && Number(a.threshold) < 0) ? '▼' : '▲';
      const change = `${q.changeBp >= 0 ? '+' : ''}${(q.changeBp / 100).toFixed(2)}%`;
      pushed += await this.push.send(a.user_id, {
        kind: 'price_alert',
        title: `${a.code} ${inst.nameJa}`,
        body: `${sign} ${formatPrice(q.price, q.priceScale)} (${change})`,
        url: `/#/market/stockDetail?code=${encodeURIComponent(a.code)}`,
        tag: `alert-${a.id}`,
      });
    }
    return { alertsFired: fired, pushed };
  }
}

const yieldNow = () => new Promise<void>((r) => setImmediate(r));
