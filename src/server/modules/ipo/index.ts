/**
 * IPO and offerings (docs/domain.md "IPO"; docs/decisions/014-ipo-draw.md): admin offerings,
 * applications with reserved funds, and the due work — pricing when the window closes, the draw,
 * payment and lapse on the due date, listing (a new simulator instrument for an IPO; allotments
 * become cash positions). Applying needs a verified identity, asked of the kyc module.
 */
import { defineModule } from '../module';
import { ipoRoutes } from './routes';
import { ipoAdminRoutes } from './admin-routes';
import type { IpoService } from './service';

export { IpoService, type DrawResultListener, type IpoJobReport } from './service';

export const ipoModule = defineModule<{ ipo: IpoService }, { ipo: IpoService }>({
  name: 'ipo',
  routes: (s) => ipoRoutes(s.ipo),
  adminRoutes: (s) => ipoAdminRoutes(s.ipo),
  // After trading's jobs in the registry order: a listing's positions exist before the next fills.
  jobs: (s) => ({ ipo: s.ipo }),
  // Allotments paid for and awaiting listing (funds/summary's 上場待ち lines).
  holdings: (s) => s.ipo,
});
