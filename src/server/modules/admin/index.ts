/**
 * The back office's own endpoints (user search and detail, the audit log, account states, config,
 * block-offer price bands); other areas declare their admin routes themselves (block offers, grants,
 * KYC review). Reads of other areas go through their modules (account, funds, trade, block, kyc).
 */
import { defineModule } from '../module';
import { adminRoutes } from './routes';
import type { AdminService, AdminDeps } from './service';

export { AdminService, type AdminDeps } from './service';

/** The service is built once by the composition root (src/server/services.ts). */
export const adminModule = defineModule({
  name: 'admin',
  adminRoutes: (s: Pick<AdminDeps, 'accounts' | 'config'> & { admin: AdminService }) => adminRoutes(s.admin, s.accounts, s.config),
});
