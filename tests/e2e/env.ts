/** Who exists on the e2e server (set by global-setup.ts through the server's environment). */
export const E2E_ADMIN = {
  phone: '09000000001',
  password: 'e2e-admin-pass-1',
  invite: 'E2EROOT',
} as const;

export const E2E_SERVER_ENV = {
  KABUTO_ADMIN_PHONE: E2E_ADMIN.phone,
  KABUTO_ADMIN_PASSWORD: E2E_ADMIN.password,
  KABUTO_ROOT_INVITE: E2E_ADMIN.invite,
  KABUTO_DEMO: '1',
  // Known prices: the tests reason about the default seed's market.
  KABUTO_MARKET_SEED: 'kabuto',
  // TEST ONLY: lets a test set the server's clock (POST test/clock) and run due jobs (POST test/jobs/run).
  KABUTO_TEST_CONTROL: '1',
  // The test runner stands in for many people: each registration it makes through the API names an
  // address of its own (X-Forwarded-For, trusted from one proxy), so the real per-IP registration
  // limit (10 an hour) holds for the browser's own sign-ups and does not throttle the suite.
  KABUTO_TRUST_PROXY: '1',
  // The proxy's country header (docs/domain.md "Login history and devices"): a test browser names its country.
  KABUTO_COUNTRY_HEADER: 'X-Country',
} as const;
