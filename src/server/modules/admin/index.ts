/** The back office's own endpoints (the audit log, account states, config); other areas declare their admin routes themselves. */
import { defineModule } from '../module';
import type { AuditLog } from '../../platform/audit';
import type { AccountService } from '../account';
import type { ConfigService } from '../config';
import { adminRoutes } from './routes';

export const adminModule = defineModule({
  name: 'admin',
  adminRoutes: (s: { audit: AuditLog; accounts: AccountService; config: ConfigService }) => adminRoutes(s.audit, s.accounts, s.config),
});
