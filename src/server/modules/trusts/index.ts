/**
 * Investment trusts (投資信託; docs/domain.md "Investment trusts and 積立", docs/decisions/026-investment-trusts.md):
 * the catalogue of simulated funds with a 基準価額 struck once a business day after the close,
 * orders at the next NAV (ブラインド方式), holdings with 個別元本 and 取得価額, 解約 payouts on the
 * 受渡日 and distributions. The composition root (src/server/services.ts) builds the service; other
 * areas reach the area only through what this file exports (the plans area: `TrustService.placeInTransaction`).
 */
import { defineModule } from '../module';
import type { Database } from '../../db/database';
import type { Clock } from '../../clock';
import type { AuditLog } from '../../platform/audit';
import type { TrustService } from './service';
import type { TrustStrikeJob } from './jobs';
import { trustsRoutes } from './routes';
import { trustsAdminRoutes } from './admin-routes';

export { TrustService } from './service';
export { TrustStrikeJob, type TrustJobReport } from './jobs';
export type { OrderOrigin, TrustCtx } from './orders';
// What another area needs of a catalogue row it reads by table name (the plans area): one reading of it.
export { factsOf, fundMemo, namesOf } from './view';

type Needs = { trusts: TrustService; trustStrikeJob: TrustStrikeJob; database: Database; clock: Clock; audit: AuditLog };

export const trustsModule = defineModule<Needs, { trusts: TrustStrikeJob }>({
  name: 'trusts',
  routes: (s) => trustsRoutes(s.trusts),
  adminRoutes: (s) => trustsAdminRoutes({ database: s.database, clock: s.clock, audit: s.audit }),
  // After trading's jobs in the registry order (the strike reads the market's closes, not trade's rows).
  jobs: (s) => ({ trusts: s.trustStrikeJob }),
  // Units valued at each fund's last NAV (funds/summary) and at each day's NAV (funds/history).
  holdings: (s) => ({
    holdings: (userId) => s.trusts.holdingsOf(userId),
    dayEndValues: (userId, days) => s.trusts.dayEndValues(userId, days),
  }),
});
