import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import iconv from 'iconv-lite';
import { uuidv7 } from 'uuidv7';
import { z } from 'zod';
import { testDialects } from '../support/db';
import { registerUser, startTestServer, type TestServer, type TestUser } from '../support/server';
import { fundsAdminApi, fundsApi, RECORD_LINE_TYPES } from '../../src/shared/api/funds';
import { ENTRY_KINDS } from '../../src/shared/domain/ledger-kinds';
import { ACCOUNT_JA, EXECUTION_KIND_JA, SELL_KINDS, type ExportEncoding, type ExportKind } from '../../src/shared/domain/documents';
import { GHOSTFOLIO_HEADER, PNL_HEADER, RECORDS_HEADER, tokyoIso, TRADES_HEADER, DIVIDENDS_HEADER } from '../../src/server/modules/documents/csv';
import { executionsOfUser } from '../../src/server/modules/documents/executions';
import { dividendsOfUser } from '../../src/server/modules/documents/reports';
import { documentNumber } from '../../src/server/modules/documents/layout';
import { annualSale } from '../../src/server/modules/documents/rules';
import { at, closePos, dataOf, placed, runAt, signInAdmin, trader } from './trade-support';

/*
 * The CSV exports over HTTP (docs/domain.md "Documents and exports"): a user with a cash buy and its
 * sale, a margin long and a short opened and closed (the short pays a 配当落調整金), and a dividend
 * (7203's ex-date 2027-03-30, as trade-corporate.test.ts uses it). Every export is downloaded in
 * UTF-8 and Shift_JIS, parsed back, and compared field by field with funds/records (all pages) and
 * with the executions and dividends the documents read; X-Kabuto-Rows is the data rows' count.
 */
const CODE = '7203';

/**
 * Ghostfolio's import rules, written from its source (github.com/ghostfolio/ghostfolio):
 * apps/api/src/app/order/create-order.dto.ts at 04a70a46cdc616d26b39a5715c3535aebfe3b4cf (class-validator:
 * currency @IsCurrencyCode, dataSource @IsEnum(DataSource) optional, date @IsISO8601 + IsAfter1970,
 * fee / quantity / unitPrice @IsNumber @Min(0), symbol @IsString, type @IsEnum(Type), comment optional
 * string), the enums of prisma/schema.prisma at a6f248296b89ea48cc5ad10e2ff681f384863567, and the CSV
 * reader apps/client/src/app/services/import-activities.service.ts at
 * 00adc657d4fc3fea3bf49cab6ffda87fae359b93 (columns found by lower-cased name; papaparse with
 * dynamicTyping, so a numeric cell is read as a number).
 */
const GHOSTFOLIO_KEYS = {
  comment: ['comment', 'note'], currency: ['ccy', 'currency', 'currencyprimary'], dataSource: ['datasource'], date: ['date', 'tradedate'],
  fee: ['commission', 'fee', 'ibcommission'], quantity: ['qty', 'quantity', 'shares', 'units'], symbol: ['code', 'symbol', 'ticker'],
  type: ['action', 'buy/sell', 'type'], unitPrice: ['price', 'tradeprice', 'unitprice', 'value'],
};
const nonNegative = z.string().regex(/^\d+(\.\d+)?$/).transform(Number).pipe(z.number().min(0));
const ghostfolioActivity = z.object({
  date: z.iso.datetime({ offset: true }).refine((d) => Date.parse(d) > 0, 'after 1970'),
  symbol: z.string().min(1),
  dataSource: z.enum(['ALPHA_VANTAGE', 'COINGECKO', 'EOD_HISTORICAL_DATA', 'FINANCIAL_MODELING_PREP', 'GOOGLE_SHEETS', 'MANUAL', 'RAPID_API', 'YAHOO']),
  currency: z.string().regex(/^[A-Z]{3}$/),
  unitPrice: nonNegative,
  quantity: nonNegative,
  type: z.enum(['BUY', 'DIVIDEND', 'FEE', 'INTEREST', 'ITEM', 'LIABILITY', 'SELL']),
  fee: nonNegative,
  comment: z.string().optional(),
});

interface Download {
  status: number;
  headers: Headers;
  rows: string[][];
  count: number;
}

for (const dialect of testDialects()) {
  describe(`documents: CSV exports (${dialect})`, () => {
    let s: TestServer;
    let u: TestUser;
    beforeAll(async () => {
      s = await startTestServer({ dialect });
    });
    afterAll(async () => {
      await s?.close();
    });

    const names = (code: string) => s.services.market.instrument(code);

    /** GET documents/export/{kind}: the bytes decoded (the BOM checked and stripped) and parsed back. */
    async function download(user: TestUser, kind: ExportKind, encoding: ExportEncoding, year?: number): Promise<Download> {
      const res = await fetch(`${s.url}/api/vue/documents/export/${kind}?encoding=${encoding}${year ? `&year=${year}` : ''}`, { headers: { token: user.token } });
      const bytes = Buffer.from(await res.arrayBuffer());
      if (res.status !== 200) throw new Error(`${kind} ${encoding}: ${res.status} ${bytes.toString()}`);
      let text: string;
      if (encoding === 'utf8') {
        expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
        text = bytes.subarray(3).toString('utf8');
      } else {
        expect(bytes[0]).not.toBe(0xef);
        text = iconv.decode(bytes, 'Shift_JIS');
      }
      expect(res.headers.get('content-type')).toBe(`text/csv; charset=${encoding === 'utf8' ? 'utf-8' : 'Shift_JIS'}`);
      expect(res.headers.get('cache-control')).toBe('private, no-store');
      const rows = parse(text, { relax_column_count: kind === 'pnl' }) as string[][];
      return { status: res.status, headers: res.headers, rows, count: Number(res.headers.get('x-kabuto-rows')) };
    }

    /** Both encodings give the same cells, and X-Kabuto-Rows counts the lines after the header. */
    async function both(user: TestUser, kind: ExportKind, header: readonly string[], year?: number) {
      const a = await download(user, kind, 'utf8', year);
      const b = await download(user, kind, 'sjis', year);
      expect(b.rows).toEqual(a.rows);
      expect(a.rows[0]).toEqual([...header]);
      expect(a.count).toBe(a.rows.length - 1);
      expect(b.count).toBe(a.count);
      expect(a.headers.get('content-disposition')).toBe(`attachment; filename="kabuto-${kind}-${year ?? (kind === 'pnl' ? 2027 : 'all')}.csv"`);
      return a.rows.slice(1);
    }

    async function allRecords(user: TestUser) {
      const items = [];
      let cursor: string | undefined;
      do {
        const page = dataOf((await s.api(fundsApi.records, { token: user.token, query: { type: 'all', limit: 100, ...(cursor ? { cursor } : {}) } })).body);
        items.push(...page.items);
        cursor = page.next ?? undefined;
      } while (cursor);
      return items;
    }

    it('trades a cash round trip, a margin long and a short, and receives a dividend', { timeout: 240_000 }, async () => {
      const opening = at('2027-03-29', 9, 5);
      s.clock.set(opening);
      await signInAdmin(s);
      u = await trader(s, 10_000_000);
      const cash = await placed(s, u, { code: CODE, lots: 3 });
      const long = await placed(s, u, { code: CODE, lots: 1, leverage: 3.3 });
      const short = await placed(s, u, { code: CODE, lots: 1, direction: 'down', leverage: 2 });
      await runAt(s, at('2027-03-29', 15, 31));
      await runAt(s, at('2027-03-30', 0, 0, 1)); // the ex-date's first run: the dividend
      s.clock.set(at('2027-03-30', 9, 5));
      for (const p of [cash, long, short]) expect((await closePos(s, u, p.id)).status).toBe(200);
      await runAt(s, at('2027-03-30', 15, 31));
      await runAt(s, at('2027-04-01', 18, 0)); // T+2: settled
      const kinds = (await executionsOfUser(s.services.database.db, u.id, {}, names)).map((e) => e.kind).sort();
      expect(kinds).toEqual(['cash_buy', 'cash_sell', 'margin_close_buy', 'margin_close_sell', 'margin_open_buy', 'margin_open_sell']);
    });

    it('trades: one row per execution, as the documents read them, with the 取引報告書 number when issued', async () => {
      const rows = await both(u, 'trades', TRADES_HEADER);
      const executions = await executionsOfUser(s.services.database.db, u.id, {}, names);
      expect(rows.length).toBe(executions.length);
      const docs = await s.services.database.db.selectFrom('document').select(['id', 'source_key']).where('user_id', '=', u.id).execute();
      const numberOf = new Map(docs.map((d) => [d.source_key, documentNumber(d.id)]));
      executions.forEach((e, i) => {
        const r = Object.fromEntries(TRADES_HEADER.map((h, k) => [h, rows[i]![k]]));
        expect(r).toEqual({
          約定日時: tokyoIso(e.executedAt), 受渡日: e.settlesOn, 取引区分: EXECUTION_KIND_JA[e.kind], 口座区分: ACCOUNT_JA[e.account], 銘柄コード: e.code,
          銘柄名: e.nameJa, 数量: String(e.quantity), 約定単価: (e.unitPrice / e.priceScale).toFixed(1), 約定金額: String(e.contractValue), 手数料: String(e.fee),
          消費税: String(e.consumptionTax), '金利・貸株料': String(e.interest + e.borrowFee), 信託財産留保額: String(e.retention), 譲渡益税: String(e.taxWithheld),
          受渡金額: String(e.net), 書面番号: numberOf.get(e.sourceKey) ?? '',
        });
      });
      // A year filters by 約定日.
      expect(await both(u, 'trades', TRADES_HEADER, 2027)).toEqual(rows);
      expect(await both(u, 'trades', TRADES_HEADER, 2026)).toEqual([]);
    });

    it('records: the same records as funds/records (every page), newest first, each line in its column', async () => {
      const rows = await both(u, 'records', RECORDS_HEADER);
      const records = await allRecords(u);
      expect(records.map((r) => r.kind)).toEqual(expect.arrayContaining(['admin_grant', 'trade_open', 'trade_close', 'dividend', 'dividend_adjustment']));
      expect(rows.length).toBe(records.length);
      records.forEach((rec, i) => {
        const r = Object.fromEntries(RECORDS_HEADER.map((h, k) => [h, rows[i]![k]]));
        expect(r.ID).toBe(rec.id);
        expect(r.日時).toBe(tokyoIso(rec.createdAt));
        expect(r.種別).toBe(ENTRY_KINDS[rec.kind].ja);
        expect([r.銘柄コード, r.銘柄名, r.通貨, r.金額]).toEqual([rec.code ?? '', rec.nameJa ?? '', rec.currency, String(rec.amount)]);
        expect(r.口座区分).toBe(rec.account ? ACCOUNT_JA[rec.account] : '');
        const lines = RECORD_LINE_TYPES.map((t) => rec.lines.filter((l) => l.type === t).reduce((sum, l) => sum + l.amount, 0));
        expect(rows[i]!.slice(7, 7 + RECORD_LINE_TYPES.length).map(Number)).toEqual(lines);
      });
      // A year filters by the record's Tokyo date.
      expect(await both(u, 'records', RECORDS_HEADER, 2027)).toEqual(rows);
      expect(await both(u, 'records', RECORDS_HEADER, 2026)).toEqual([]);
    });

    it('dividends: the dividend paid, gross, withheld and received', async () => {
      const rows = await both(u, 'dividends', DIVIDENDS_HEADER);
      const lines = await dividendsOfUser(s.services.database.db, u.id, {}, names);
      expect(lines.length).toBe(1);
      const d = lines[0]!;
      expect(d).toMatchObject({ code: CODE, quantity: 300, gross: 6_900, taxWithheld: 1_401, net: 5_499 });
      expect(rows).toEqual([[d.paidOn, '配当金', '特定口座', CODE, d.nameJa, '300', '23.0', '6900', '1401', '5499']]);
      // The ledger's record of it received the same net.
      expect((await allRecords(u)).find((r) => r.kind === 'dividend')?.amount).toBe(5_499);
      expect(await both(u, 'dividends', DIVIDENDS_HEADER, 2026)).toEqual([]);
    });

    it('pnl: each sale settled in the year (the current one by default) with 取得費等 = 譲渡の対価 − 譲渡損益, then the total', async () => {
      const rows = await both(u, 'pnl', PNL_HEADER);
      expect(await both(u, 'pnl', PNL_HEADER, 2027)).toEqual(rows);
      const sales = (await executionsOfUser(s.services.database.db, u.id, {}, names)).filter((e) => SELL_KINDS.includes(e.kind));
      expect(rows.length).toBe(sales.length + 1);
      let proceeds = 0;
      let gain = 0;
      let tax = 0;
      sales.forEach((e, i) => {
        const sale = annualSale(e, e.kind === 'margin_close_buy' ? e.cost : null);
        expect(rows[i]).toEqual([
          e.tradeDate, e.settlesOn, EXECUTION_KIND_JA[e.kind], '特定口座', CODE, e.nameJa, String(e.quantity), String(sale.proceeds), String(sale.proceeds - e.gain!),
          String(e.gain), String(e.taxWithheld),
        ]);
        proceeds += sale.proceeds;
        gain += e.gain!;
        tax += e.taxWithheld;
      });
      // A short's 譲渡の対価 is its opening sale's value.
      const shortClose = sales.find((e) => e.kind === 'margin_close_buy')!;
      const shortOpen = (await executionsOfUser(s.services.database.db, u.id, {}, names)).find((e) => e.kind === 'margin_open_sell')!;
      expect(rows[sales.indexOf(shortClose)]![7]).toBe(String(shortOpen.contractValue));
      expect(rows.at(-1)).toEqual(['合計', '', '', '', '', '', '', String(proceeds), String(proceeds - gain), String(gain), String(tax)]);
      // No sale settled in 2026: the total row alone.
      expect(await both(u, 'pnl', PNL_HEADER, 2026)).toEqual([['合計', '', '', '', '', '', '', '0', '0', '0', '0']]);
    });

    it('ghostfolio: every buy, sell and dividend passes Ghostfolio’s import rules', async () => {
      const rows = await both(u, 'ghostfolio', GHOSTFOLIO_HEADER);
      // Every column is one Ghostfolio's CSV reader looks for.
      for (const [field, keys] of Object.entries(GHOSTFOLIO_KEYS)) expect(GHOSTFOLIO_HEADER.filter((h) => keys.includes(h.toLowerCase())), field).toHaveLength(1);
      const activities = rows.map((r) => ghostfolioActivity.parse(Object.fromEntries(GHOSTFOLIO_HEADER.map((h, k) => [h, r[k]]))));
      const executions = await executionsOfUser(s.services.database.db, u.id, {}, names);
      expect(activities.length).toBe(executions.length + 1);
      expect(activities.map((a) => a.type).sort()).toEqual(['BUY', 'BUY', 'BUY', 'DIVIDEND', 'SELL', 'SELL', 'SELL']);
      for (const a of activities) expect(a).toMatchObject({ symbol: `${CODE}.T`, dataSource: 'YAHOO', currency: 'JPY' });
      const dividend = activities.find((a) => a.type === 'DIVIDEND')!;
      expect(dividend.quantity * dividend.unitPrice).toBe(6_900);
      // In time order, each trade's value is its contract value.
      expect(activities.map((a) => Date.parse(a.date))).toEqual(activities.map((a) => Date.parse(a.date)).sort((x, y) => x - y));
      for (const e of executions) {
        const a = activities.find((x) => Date.parse(x.date) === e.executedAt && x.quantity === e.quantity && x.type === (e.kind.includes('buy') ? 'BUY' : 'SELL'));
        expect(a, e.kind).toBeDefined();
        expect(Math.round(a!.quantity * a!.unitPrice)).toBe(e.contractValue);
        expect(a!.fee).toBe(e.fee + e.interest + e.borrowFee + e.retention);
      }
    });

    it('reads a long history page by page (more than one page of records) and only the owner’s', { timeout: 240_000 }, async () => {
      const v = await registerUser(s);
      for (let i = 0; i < 21; i++) {
        await Promise.all(
          Array.from({ length: 10 }, (_, k) =>
            s.api(fundsAdminApi.grant, { token: s.admin.token, idempotencyKey: uuidv7(), params: { id: v.id }, body: { currency: 'JPY', amount: 1_000 + i * 10 + k, reason: 'test funds' } }),
          ),
        );
      }
      const rows = await both(v, 'records', RECORDS_HEADER);
      const records = await allRecords(v);
      expect(records.length).toBeGreaterThan(200);
      expect(rows.map((r) => r[RECORDS_HEADER.indexOf('ID')])).toEqual(records.map((r) => r.id));
      expect(rows.map((r) => Number(r[RECORDS_HEADER.indexOf('金額')]))).toEqual(records.map((r) => r.amount));
      // The body is the header and then one chunk per page of at most 200 rows, read as it is pulled.
      const res = await s.services.documentExports.csv({ id: v.id, phone: v.phone, state: 'active', isAdmin: false, sessionId: 'test' }, 'records', { encoding: 'utf8' });
      const reader = res.body!.getReader();
      const chunks: number[] = [];
      for (let c = await reader.read(); !c.done; c = await reader.read()) chunks.push(new TextDecoder().decode(c.value).split('\r\n').length - 1);
      expect(chunks).toEqual([1, 200, records.length - 200]);
      // Another user's exports hold none of the first user's rows.
      expect(await both(v, 'trades', TRADES_HEADER)).toEqual([]);
      expect(await both(v, 'dividends', DIVIDENDS_HEADER)).toEqual([]);
    });

    it('refuses an unknown kind or encoding, and a caller without a session', async () => {
      const bad = await fetch(`${s.url}/api/vue/documents/export/trades?encoding=latin1`, { headers: { token: u.token } });
      expect(bad.status).toBe(400);
      expect((await fetch(`${s.url}/api/vue/documents/export/everything`, { headers: { token: u.token } })).status).toBe(400);
      expect((await fetch(`${s.url}/api/vue/documents/export/trades`)).status).toBe(401);
    });
  });
}
