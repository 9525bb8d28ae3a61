/**
 * The back office's own endpoints (user search and detail, the audit log, account states, config,
 * block-offer price bands); other areas declare their admin routes themselves (block offers, grants,
 * KYC review). Reads of other areas go through their modules (account, funds, trade, block, kyc).
 */
import { defineModule } from '../module';
import { adminRoutes } from './routes';
import { AdminService, type AdminDeps } from './service';

export { AdminService } from './service';

export const adminModule = defineModule({
  name: 'admin',
  adminRoutes: (s: AdminDeps) => adminRoutes(new AdminService(s), s.accounts, s.config),
});
