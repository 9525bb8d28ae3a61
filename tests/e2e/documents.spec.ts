import { readFileSync } from 'node:fs';
import { expect, test, type Download, type Page, type Response } from '@playwright/test';
import iconv from 'iconv-lite';
import { parse } from 'csv-parse/sync';
import type { ConsentView, DocumentView } from '../../src/shared/api/documents';
import { CONSENT_VERSION } from '../../src/shared/domain/documents';
import { loginThroughUi, newPhone, ok, registerUser, toast } from './helpers';
import { adminToken } from './admin-passkey';
import { flowShots, runJobs, screen, setClock } from './trusts-steps';

/**
 * Issue 40 "Must show" (docs/domain.md "Documents and exports"), 390×844, Japanese: a new user with
 * cash opens 電子交付書面 from マイページ, reads the consent and agrees; buys a stock on the order
 * ticket; the clock moves on and the jobs run (the documents job issues one 取引報告書 per execution);
 * a message tells of it and the document box shows the new 取引報告書, unread (マイページ counts it);
 * opening it marks it read and shows its PDF in a new tab; its download is a PDF; the export screen's
 * 取引履歴 downloads as Shift_JIS and as UTF-8 (with a BOM), each a CSV whose header names 約定日時
 * and whose rows hold the stock bought.
 *
 * The server's clock (KABUTO_TEST_CONTROL): Wednesday 2026-12-02, a trading morning, as comforts.spec.ts
 * (which runs before this file) pins it. Every due job runs at the clock's instant (here and on the
 * server's own timer), so no later day: lending.spec.ts (after this file) pays its loans' fee on the run
 * at 2026-12-03 00:00, and the funds are struck in order up to the days of strategies.spec.ts and the
 * trusts specs (from 2026-12-21). The documents job looks back from its previous run's instant, less a
 * day, so the trade is seen whatever instant the jobs ran at before.
 * With KABUTO_SHOTS=<dir> the consent, the box and the finished export are saved there in Japanese
 * and English (documents-*-ja|en[-top].png).
 */
const PASSWORD = 'documents-pass-1';
const CODE = '7203';
const TRADE_AT = '2026-12-02T10:30:00+09:00';
/** A few minutes after the fill: the documents job's run. */
const JOBS_AT = '2026-12-02T10:35:00+09:00';
/** How long the app keeps the unread count of the box fresh (features/documents/api.ts), and a moment more. */
const UNREAD_STALE_MS = 31_000;

const spec = { admin: '' };
test.describe.configure({ mode: 'serial' });
test.beforeAll(async ({ request }) => {
  spec.admin = await adminToken(request);
  await setClock(request, spec.admin, TRADE_AT);
});
test.afterAll(async ({ request }) => {
  await setClock(request, spec.admin, null);
});

/** The rows of the box that are 取引報告書. */
const contractNotes = (page: Page) => screen(page).locator('[data-testid="doc-row"][data-kind="contract_note"]');

/** On the ticket: 1 単元 of CODE bought at market (現物買, 特定), filled at once in continuous trading. */
async function buyOnTicket(page: Page): Promise<void> {
  await page.goto(`/#/trade/index?code=${CODE}&direction=up`);
  const ticket = screen(page).locator('.ticket');
  await expect(ticket.getByRole('radio', { name: '現物買', exact: true })).toHaveAttribute('aria-checked', 'true');
  await ticket.getByRole('button', { name: '買い注文の内容を確認' }).click();
  await page.getByRole('dialog').getByRole('button', { name: '注文する' }).click();
  await expect(toast(page)).toHaveText('注文が約定しました');
}

/** The bytes a download saved. */
async function bytesOf(download: Download): Promise<Buffer> {
  const path = await download.path();
  return readFileSync(path);
}

/**
 * The tab's answer is a PDF: its type. (Chromium hands the bytes to its PDF viewer and reports the
 * viewer's page as the body, so the bytes are read again by the page itself, with the same cookie.)
 */
async function expectPdf(page: Page, response: Response): Promise<void> {
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toContain('application/pdf');
  const read = await page.evaluate(async (url) => {
    const res = await fetch(url, { credentials: 'same-origin' });
    const bytes = new Uint8Array(await res.arrayBuffer());
    return { type: res.headers.get('content-type'), head: String.fromCharCode(...bytes.subarray(0, 5)), size: bytes.length };
  }, response.url());
  expect(read.type).toContain('application/pdf');
  expect(read.head).toBe('%PDF-');
  // A 取引報告書 stays small (its font subset, compressed): issue 40.
  expect(read.size).toBeLessThan(100_000);
}

/**
 * The export screen: `kind` and `encoding` chosen, the export started; its progress bar shows (its
 * values watched as they change: a small file may arrive in one chunk, so the bar can go from 0 to
 * done in one step), then the screen says it is done and names the file (every year's); the file downloaded.
 */
async function exportCsv(page: Page, kind: string, encoding: 'utf8' | 'sjis'): Promise<Download> {
  const form = screen(page);
  await form.getByTestId(`export-kind-${kind}`).click();
  await expect(form.getByTestId(`export-kind-${kind}`)).toHaveAttribute('aria-checked', 'true');
  await form.getByTestId(`export-encoding-${encoding}`).click();
  await expect(form.getByTestId(`export-encoding-${encoding}`)).toHaveAttribute('aria-checked', 'true');
  await watchProgress(page);
  const download = page.waitForEvent('download');
  await form.getByTestId('export-start').click();
  await expect(form.getByTestId('export-done')).toBeVisible();
  await expect(form.getByTestId('export-done')).toContainText(`kabuto-${kind}-all.csv`);
  await expect(form.getByTestId('export-progress')).toHaveCount(0);
  const seen = await page.evaluate(() => (window as unknown as { kabutoProgress: number[] }).kabutoProgress);
  expect(seen.length, 'the progress bar showed').toBeGreaterThan(0);
  expect(seen.every((v, i) => v >= 0 && v <= 100 && (i === 0 || v >= seen[i - 1]!))).toBe(true);
  return download;
}

/** Every value the export's progress bar shows, kept in `window.kabutoProgress` (a MutationObserver). */
async function watchProgress(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { kabutoProgress: number[]; kabutoWatch?: MutationObserver };
    w.kabutoProgress = [];
    w.kabutoWatch?.disconnect();
    const read = () => {
      const bar = document.querySelector('.page [data-testid="export-progress"]');
      const now = bar?.getAttribute('aria-valuenow');
      if (now != null && w.kabutoProgress.at(-1) !== Number(now)) w.kabutoProgress.push(Number(now));
    };
    w.kabutoWatch = new MutationObserver(read);
    w.kabutoWatch.observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['aria-valuenow'] });
  });
}

/** A CSV's rows (the header first), from bytes in `encoding`; the BOM, if any, stays in the first cell. */
function rowsOf(bytes: Buffer, encoding: 'utf8' | 'sjis'): string[][] {
  const text = encoding === 'sjis' ? iconv.decode(bytes, 'Shift_JIS') : bytes.toString('utf8');
  return parse(text, { bom: true, relax_column_count: true }) as string[][];
}

/** A 取引履歴 CSV: the header names 約定日時 and 銘柄コード, and a row holds CODE under it. */
function expectTradesCsv(rows: string[][]): void {
  const [header, ...data] = rows;
  expect(header).toContain('約定日時');
  const codeAt = header!.indexOf('銘柄コード');
  expect(codeAt).toBeGreaterThanOrEqual(0);
  expect(data.some((r) => r[codeAt] === CODE)).toBe(true);
}

test('consent → a trade → the 取引報告書 in the box, opened and downloaded → 取引履歴 as CSV (Shift_JIS, UTF-8)', async ({ page, request }) => {
  // Three screens in two languages, a job run and four downloads.
  test.setTimeout(process.env.KABUTO_SHOTS ? 300_000 : 180_000);
  // The browser's clock runs as usual, and can be moved on (step 5).
  await page.clock.install();
  const phone = newPhone();
  const token = await registerUser(request, phone, PASSWORD);
  const me = await ok<{ id: string }>(request, 'get', 'user/info', { token });
  await ok(request, 'post', `admin/users/${me.id}/grant`, { token: spec.admin, key: true, body: { currency: 'JPY', amount: 5_000_000, reason: 'e2e: documents' } });
  await loginThroughUi(page, phone, PASSWORD);

  // 1. マイページ → 電子交付書面: the consent first (what is delivered, how, how to withdraw).
  await page.goto('/#/information/index');
  await screen(page).getByRole('link', { name: /電子交付書面/ }).click();
  await expect(page).toHaveURL(/#\/information\/documents/);
  await expect(screen(page).getByTestId('consent-panel')).toBeVisible();
  // Without consent: where paper delivery is asked for; nothing agreed until the box is ticked.
  await expect(screen(page).getByTestId('paper-delivery')).toBeVisible();
  await expect(screen(page).getByTestId('consent-submit')).toBeDisabled();
  await flowShots(page, 'documents-1-consent', (p) => screen(p).getByTestId('consent-panel'));

  // 2. Agreed: recorded with the current version; the box says so (and how to withdraw).
  await screen(page).getByTestId('consent-agree').check();
  await screen(page).getByTestId('consent-submit').click();
  await expect(screen(page).getByTestId('consent-status')).toBeVisible();
  await expect(screen(page).getByTestId('consent-withdraw')).toBeVisible();
  await expect(screen(page).getByTestId('consent-panel')).toHaveCount(0);
  await expect(screen(page).getByTestId('paper-delivery')).toHaveCount(0);
  const consent = await ok<ConsentView>(request, 'get', 'documents/consent', { token });
  expect(consent).toMatchObject({ version: CONSENT_VERSION, withdrawnAt: null });
  expect(consent.givenAt).toBe(Date.parse(TRADE_AT));
  await expect(contractNotes(page)).toHaveCount(0);

  // 3. The trade, on the order ticket.
  await buyOnTicket(page);

  // 4. The clock moves on, the jobs run: one 取引報告書 for the execution.
  await setClock(request, spec.admin, JOBS_AT);
  await runJobs(request, spec.admin);
  const box = await ok<{ items: DocumentView[]; unread: number }>(request, 'get', 'documents', { token });
  expect(box.items).toHaveLength(1);
  const note = box.items[0]!;
  expect(note).toMatchObject({ kind: 'contract_note', readAt: null, title: { execution: 'cash_buy', code: CODE, account: 'specific' } });
  expect(box.unread).toBe(1);

  // 5. A little later (the server's clock moved minutes while seconds passed here: the browser's moves on
  //    past the box's and the unread count's cache, 15 s and 30 s in documents/api.ts), マイページ counts
  //    it unread, a message tells of it; the box shows the new 取引報告書, unread.
  await page.clock.runFor(UNREAD_STALE_MS);
  await page.goto('/#/information/msgInfo');
  const message = screen(page).getByTestId('messages').getByRole('button').filter({ hasText: note.number });
  await expect(message).toContainText('書面交付のお知らせ');
  await expect(message).toContainText(`トヨタ自動車（${CODE}）の取引報告書（${note.number}）を交付しました`);
  await page.goto('/#/information/index');
  await expect(screen(page).getByTestId('docs-unread-count')).toHaveText('1');
  await screen(page).getByRole('link', { name: /電子交付書面/ }).click();
  await expect(page).toHaveURL(/#\/information\/documents/);
  const row = contractNotes(page);
  await expect(row).toHaveCount(1);
  await expect(row).toHaveAttribute('data-unread', '1');
  await expect(row).toContainText('取引報告書');
  await expect(row).toContainText(`現物買 トヨタ自動車（${CODE}） 100株`);
  await flowShots(page, 'documents-2-box', (p) => contractNotes(p));

  // 6. Opened: marked read, its PDF in a new tab (headless Chromium may not draw it: the answer is checked).
  const pdfUrl = `/api/vue/documents/${note.id}/pdf`;
  const pdfAnswer = page.context().waitForEvent('response', (r) => new URL(r.url()).pathname === pdfUrl);
  const tab = page.context().waitForEvent('page');
  await row.getByTestId('doc-open').click();
  await expectPdf(page, await pdfAnswer);
  await (await tab).close();
  await expect(row).toHaveAttribute('data-unread', '0');
  expect((await ok<{ items: DocumentView[]; unread: number }>(request, 'get', 'documents', { token })).unread).toBe(0);

  // 7. Downloaded: a .pdf file.
  const download = page.waitForEvent('download');
  await row.getByTestId('doc-download').click();
  const pdf = await download;
  expect(pdf.suggestedFilename()).toMatch(/\.pdf$/);
  expect((await bytesOf(pdf)).subarray(0, 5).toString('latin1')).toBe('%PDF-');

  // 8. The export screen: 取引履歴 in Shift_JIS, then in UTF-8 (with the BOM Excel needs).
  await page.goto('/#/information/exports');
  const sjis = await exportCsv(page, 'trades', 'sjis');
  await expect(screen(page).getByTestId('export-done')).toContainText('書き出しが完了しました（行数：1）');
  expect(sjis.suggestedFilename()).toMatch(/\.csv$/);
  const sjisBytes = await bytesOf(sjis);
  expect(sjisBytes.subarray(0, 3).equals(Buffer.from([0xef, 0xbb, 0xbf]))).toBe(false);
  expectTradesCsv(rowsOf(sjisBytes, 'sjis'));
  const utf8Bytes = await bytesOf(await exportCsv(page, 'trades', 'utf8'));
  expect(utf8Bytes.subarray(0, 3).equals(Buffer.from([0xef, 0xbb, 0xbf]))).toBe(true);
  expectTradesCsv(rowsOf(utf8Bytes, 'utf8'));
  // The picture redoes the export after each reload (the screen forgets a finished one).
  await flowShots(page, 'documents-3-export-done', (p) => screen(p).getByTestId('export-start'), async (p) => {
    await exportCsv(p, 'trades', 'sjis');
  });
});
