/**
 * 信用取引口座 (docs/domain.md "Margin account", docs/decisions/024-margin-account.md): the
 * application with the suitability answers and the risk agreement, approved at once or referred to
 * the back office. Trade refuses margin and short orders without an approved one
 * (`margin_account_required`), reading the latest application's status in the order's transaction
 * (trade/margin-agreement-repo.ts), as decision 022 allows for a hot read.
 */
import { defineModule } from '../module';
import { marginAccountRoutes } from './routes';
import { marginAccountAdminRoutes } from './admin-routes';
import type { MarginAccountService } from './service';

export { MarginAccountService } from './service';

export const marginAccountModule = defineModule({
  name: 'margin-account',
  routes: (s: { marginAccount: MarginAccountService }) => marginAccountRoutes(s.marginAccount),
  adminRoutes: (s: { marginAccount: MarginAccountService }) => marginAccountAdminRoutes(s.marginAccount),
});
