/**
 * The authorization matrix from the registry (issue 10 §7, docs/architecture.md "The contract"):
 * every endpoint that needs a session refuses an anonymous caller with 401; every `admin/*` one
 * refuses a user with 403 and an admin's password session with 403 `admin_passkey_required` (the back
 * office takes passkey sessions only); every endpoint taking an id answers another user's resource exactly
 * like a missing one (404, same message) and changes nothing. Real resources of two users: a
 * position and a pending order through the trade API, a passkey row.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uuidv7 } from 'uuidv7';
import { ALL_ENDPOINTS, type AnyEndpoint } from '../../src/shared/api/registry';
import { photo, upload } from './uploads-support';
import { setUpBeforeHold, submitKyc } from './cash-support';
import { testDialects } from '../support/db';
import { startTestServer, TEST_NOW, type TestServer, type TestUser } from '../support/server';
import { pathOf, stateDigest } from '../support/security';
import { order, placed, trader } from './trade-support';

const MISSING_ID = 'ZZ00000000';

/**
 * Path params that do not name something a user owns: market codes (public data), block offers
 * and IPO offerings (every user sees and applies to the same ones), news items (public to all), and admin targets (admins act on any user). Any
 * other param must have an owner fixture below, so a new owned resource cannot skip the matrix. A CSV
 * export's `kind` names a kind of export (an enum), not a resource: every export is of the caller's own data.
 */
const SHARED = (ep: AnyEndpoint, name: string) =>
  name === 'code' || (ep.path === 'documents/export/{kind}' && name === 'kind') || ep.path.startsWith('block/offers/') || ep.path.startsWith('news/') || ep.path.startsWith('ipo/offerings/') || ep.path.startsWith('admin/');
/**
 * Strategy funds are shared like block offers (every user sees and subscribes to the same funds); a fund
 * holding is owned. The investment-trust catalogue is shared the same way; fund orders and plans are owned.
 */
const SHARED_FUND = (ep: AnyEndpoint) => (ep.path.startsWith('strategies/') && !ep.path.startsWith('strategies/holdings/')) || ep.path.startsWith('trusts/funds/');

describe.each(testDialects())('the authorization matrix (%s)', (dialect) => {
  let s: TestServer;
  let alice: TestUser;
  let bob: TestUser;
  /** The admin signed in with the password alone (s.admin.token is the admin's passkey session). */
  let adminByPassword: string;
  const owned: Record<string, string> = {};
  beforeAll(async () => {
    s = await startTestServer({ dialect });
    [alice, bob] = await Promise.all([trader(s), trader(s)]);
    const adminLogin = await s.call('post', 'user/login', { body: { phone: s.admin.phone, password: s.admin.password } });
    expect(adminLogin.status, JSON.stringify(adminLogin.body)).toBe(200);
    adminByPassword = adminLogin.body.data.token as string;
    // Alice's fund password (for the withdrawal fixture below), set before her passkey asks for a step-up.
    const fund = await s.call('post', 'user/fund-password', { token: alice.token, body: { password: '135790', password2: '135790', loginPassword: alice.password } });
    expect(fund.status, JSON.stringify(fund.body)).toBe(200);
    owned.position = (await placed(s, alice)).id as string;
    // A pending limit buy at the day's lower price limit: it stays cancellable.
    const probe = await order(s, alice, { type: 'limit', price: 1 });
    owned.order = (await placed(s, alice, { type: 'limit', price: Number(probe.body.params.lower) })).id as string;
    await placed(s, bob);
    owned.passkey = uuidv7();
    await s.services.database.db
      .insertInto('passkey_credential')
      .values({ id: owned.passkey, user_id: alice.id, credential_id: 'cred-alice', public_key: 'x', rp_id: 'localhost', name: 'Alice key', created_at: Date.now() })
      .execute();
    owned.watchlistGroup = (await s.call('post', 'watchlist/groups', { token: alice.token, body: { name: 'Alice', codes: ['7203'] } })).body.data.group.id as string;
    owned.upload = (await upload(s, alice.token, await photo())).body.data.id as string;
    // A bank account and a wallet need a verified identity: Alice's, reviewed by the admin.
    const kyc = await submitKyc(s, alice, 'ヤマダ　タロウ');
    await s.call('post', `admin/kyc/${kyc}/approve`, { token: s.admin.token, body: { reason: 'authz fixture' } });
    // Added a hold's length before TEST_NOW, so the withdrawal below may go to it (cash-payout-holds.test.ts).
    await setUpBeforeHold(s, TEST_NOW, async () => {
      owned.bankAccount = (
        await s.call('post', 'cash/bank-accounts', {
          token: alice.token,
          body: { bankCode: '0005', branchCode: '100', type: 'futsu', number: '1234567', holderKana: 'ヤマダ　タロウ', fundPassword: '135790' },
        })
      ).body.data.account.id as string;
      owned.wallet = (
        await s.call('post', 'cash/wallets', { token: alice.token, body: { network: 'TRC20', address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', fundPassword: '135790' } })
      ).body.data.wallet.id as string;
    });
    // A pending withdrawal (inside the hours of TEST_NOW): cancellable by Alice only.
    const withdrawal = await s.call('post', 'cash/withdrawals', {
      token: alice.token, headers: { 'Idempotency-Key': uuidv7() }, body: { amount: 1_000, bankAccountId: owned.bankAccount, fundPassword: '135790' },
    });
    expect(withdrawal.status, JSON.stringify(withdrawal.body)).toBe(200);
    owned.withdrawal = withdrawal.body.data.withdrawal.id as string;
    // Alice's market buy above filled at once: its message is hers; and a price alert of hers.
    owned.message = (await s.call('get', 'messages', { token: alice.token })).body.data.items[0].id as string;
    owned.alert = (await s.call('post', 'alerts', { token: alice.token, body: { code: '7203', kind: 'change', threshold: 500 } })).body.data.id as string;
    // Alice's session and sign-in (login history and devices): hers alone to sign out or report.
    owned.session = (await s.call('get', 'user/sessions', { token: alice.token })).body.data.items[0].id as string;
    owned.login = (await s.call('get', 'user/logins', { token: alice.token })).body.data.items[0].id as string;
    // A fund subscription of Alice's (pending until the next NAV): redeemable by its holder only. An empty
    // fund takes no less than its minimum investable size: the mean-reversion basket's is about ¥2M.
    const sub = await s.call('post', 'strategies/n225-reversion/subscribe', { token: alice.token, headers: { 'Idempotency-Key': uuidv7() }, body: { amount: 5_000_000 } });
    expect(sub.status, JSON.stringify(sub.body)).toBe(200);
    owned.fundHolding = sub.body.data.id as string;
    // A pending fund buy of Alice's (cancellable until the cut-off) and a 積立 plan of hers.
    const trustOrder = await s.call('post', 'trusts/orders', {
      token: alice.token, headers: { 'Idempotency-Key': uuidv7() }, body: { fundId: 'kabuto-topix', side: 'buy', account: 'specific', mode: 'amount', amount: 10_000 },
    });
    expect(trustOrder.status, JSON.stringify(trustOrder.body)).toBe(200);
    owned.trustOrder = trustOrder.body.data.id as string;
    const plan = await s.call('post', 'plans', {
      token: alice.token, headers: { 'Idempotency-Key': uuidv7() },
      body: { kind: 'fund', target: 'kabuto-topix', amount: 10_000, account: 'specific', frequency: 'monthly', days: [1] },
    });
    expect(plan.status, JSON.stringify(plan.body)).toBe(200);
    owned.plan = plan.body.data.id as string;
    // An IPO application of Alice's (the window open at TEST_NOW): cancel, purchase and waive are hers only.
    const jst = (date: string, hour: number) => Date.parse(`${date}T${String(hour).padStart(2, '0')}:00:00+09:00`);
    const offering = await s.call('post', 'admin/ipo/offerings', {
      token: s.admin.token, headers: { 'Idempotency-Key': uuidv7() },
      body: {
        kind: 'ipo', code: '298A', name: 'オーソ', nameEn: 'Authz', kana: 'オーソ', segment: 'growth', sponsor: 'みずほ証券',
        priceLow: 1_000, priceHigh: 1_200, sharesOffered: 1_000, minLots: 1, minFunds: 0, repeatMax: 1,
        from: TEST_NOW, to: jst('2026-11-26', 15), drawAt: jst('2026-11-27', 10), paymentDue: jst('2026-12-01', 15), listingDate: '2026-12-03', reason: 'authz fixture',
      },
    });
    expect(offering.status, JSON.stringify(offering.body)).toBe(200);
    const application = await s.call('post', `ipo/offerings/${offering.body.data.offering.id}/apply`, { token: alice.token, headers: { 'Idempotency-Key': uuidv7() }, body: { lots: 1 } });
    expect(application.status, JSON.stringify(application.body)).toBe(200);
    owned.ipoApplication = application.body.data.application.id as string;
    // A loan and a stock loan of Alice's, as rows (their money is not this matrix's subject): repay and recall are hers only.
    owned.loan = uuidv7();
    await s.services.database.db
      .insertInto('lending_loan')
      .values({ id: owned.loan, user_id: alice.id, status: 'borrowed', amount: 1_000, principal: 1_000, interest: 0, interest_charged: 0, accrual_units: 0, repaid: 0, rate_bp: 350, accrued_through: '2026-11-24', created_at: TEST_NOW, repaid_at: null })
      .execute();
    owned.stockLoan = uuidv7();
    await s.services.database.db
      .insertInto('lending_stock')
      .values({ id: owned.stockLoan, user_id: alice.id, position_id: owned.position, code: '7203', shares: 100, status: 'borrowing', rate_bp: 10, fee_paid: 0, accrual_units: 0, accrued_through: '2026-11-24', created_at: TEST_NOW, recalled_at: null, completes_on: null, completed_at: null })
      .execute();
    // Alice's 取引報告書 of her market buy above, issued by the documents job: its PDF and reading are hers only.
    await s.services.documentsJob.run(TEST_NOW);
    owned.document = (await s.services.database.db.selectFrom('document').select('id').where('user_id', '=', alice.id).executeTakeFirstOrThrow()).id;
  });
  afterAll(() => s?.close());

  /** Alice's resource for an owned path param. */
  function aliceOwns(ep: AnyEndpoint): string | undefined {
    if (ep.path.startsWith('trade/positions/')) return owned.position;
    if (ep.path.startsWith('trade/orders/')) return owned.order;
    if (ep.path.startsWith('passkeys/')) return owned.passkey;
    if (ep.path.startsWith('watchlist/groups/')) return owned.watchlistGroup;
    if (ep.path.startsWith('uploads/')) return owned.upload;
    if (ep.path.startsWith('cash/bank-accounts/')) return owned.bankAccount;
    if (ep.path.startsWith('cash/wallets/')) return owned.wallet;
    if (ep.path.startsWith('cash/withdrawals/')) return owned.withdrawal;
    if (ep.path.startsWith('messages/')) return owned.message;
    if (ep.path.startsWith('alerts/')) return owned.alert;
    if (ep.path.startsWith('user/sessions/')) return owned.session;
    if (ep.path.startsWith('user/logins/')) return owned.login;
    if (ep.path.startsWith('strategies/holdings/')) return owned.fundHolding;
    if (ep.path.startsWith('ipo/applications/')) return owned.ipoApplication;
    if (ep.path.startsWith('lending/loans/')) return owned.loan;
    if (ep.path.startsWith('lending/stock/')) return owned.stockLoan;
    if (ep.path.startsWith('trusts/orders/')) return owned.trustOrder;
    if (ep.path.startsWith('plans/')) return owned.plan;
    if (ep.path.startsWith('documents/{id}/')) return owned.document;
    return undefined;
  }

  /** A well-formed body where `{}` is not one, so the request reaches the ownership check. */
  const WELL_FORMED: Record<string, object> = {
    'trade/orders/{id}/amend': { price: 10 },
    'watchlist/groups/{id}/rename': { name: 'Bob' },
    'watchlist/groups/{id}/add': { code: '6758' },
    'watchlist/groups/{id}/remove': { code: '7203' },
    'watchlist/groups/{id}/order': { codes: ['7203'] },
    'lending/loans/{id}/repay': { amount: 100 },
    'plans/{id}/status': { action: 'pause' },
  };
  const send = (ep: AnyEndpoint, path: string, token: string | undefined) =>
    s.call(ep.method, path, { token, body: ep.body ? (WELL_FORMED[ep.path] ?? {}) : undefined, headers: ep.idempotent ? { 'Idempotency-Key': uuidv7() } : {} });

  it('anonymous → 401, user or an admin\'s password session on admin/* → 403, another user\'s id → the 404 of a missing one, for 100 % of ALL_ENDPOINTS', async () => {
    let walked = 0;
    let crossUser = 0;
    const problems: string[] = [];
    const before = await stateDigest(s);
    for (const ep of ALL_ENDPOINTS) {
      const label = `${ep.method} ${ep.path}`;
      const missingPath = pathOf(ep, (name) => (name === 'code' ? '7203' : MISSING_ID));
      if (ep.auth !== 'none') {
        const anon = await send(ep, missingPath, undefined);
        if (anon.status !== 401) problems.push(`${label}: anonymous → ${anon.status}`);
      }
      if (ep.path.startsWith('admin/')) {
        if (ep.auth !== 'admin') problems.push(`${label}: under admin/ but auth ${ep.auth}`);
        const asUser = await send(ep, missingPath, bob.token);
        if (asUser.status !== 403 || asUser.body.msg !== 'admin_only') problems.push(`${label}: user → ${asUser.status} ${asUser.body.msg}`);
        const asPasswordAdmin = await send(ep, missingPath, adminByPassword);
        if (asPasswordAdmin.status !== 403 || asPasswordAdmin.body.msg !== 'admin_passkey_required') {
          problems.push(`${label}: admin's password session → ${asPasswordAdmin.status} ${asPasswordAdmin.body.msg}`);
        }
      }
      const params = [...ep.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
      const ownedParams = params.filter((name) => !SHARED(ep, name) && !SHARED_FUND(ep));
      if (ownedParams.length > 0) {
        const id = aliceOwns(ep);
        if (!id) {
          problems.push(`${label}: takes an id but the matrix has no resource for it (add one to aliceOwns, or to SHARED with the reason)`);
        } else {
          const token = ep.auth === 'none' ? undefined : bob.token;
          // A well-formed id (the same shape as the real one) that names nothing.
          const missing = await send(ep, pathOf(ep, uuidv7()), token);
          const other = await send(ep, pathOf(ep, id), token);
          crossUser += 1;
          if (other.status !== 404 || other.status !== missing.status || other.body.msg !== missing.body.msg) {
            problems.push(`${label}: another user's id → ${other.status} ${other.body.msg}, a missing one → ${missing.status} ${missing.body.msg}`);
          }
          // The owner still reaches it (the fixture is real).
          if (ep.method === 'get') {
            const own = await send(ep, pathOf(ep, id), alice.token);
            if (own.status !== 200) problems.push(`${label}: the owner → ${own.status} ${own.body.msg}`);
          }
        }
      }
      walked += 1;
    }
    const after = await stateDigest(s);
    console.log(`security-authz (${dialect}): walked ${walked} of ${ALL_ENDPOINTS.length} endpoints, ${crossUser} with another user's id`);
    expect(problems).toEqual([]);
    expect(after).toEqual(before);
    expect(crossUser).toBeGreaterThan(0);
    expect(walked).toBe(ALL_ENDPOINTS.length);
  });
});
