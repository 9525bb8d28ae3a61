/** Uploads: KYC photos, receipts and attachments (docs/domain.md "Uploads"); storage is platform/uploads. */
import { defineModule } from '../module';
import { uploadRoutes } from './routes';
import type { UploadService } from './service';

export { UploadService } from './service';

export const uploadsModule = defineModule({
  name: 'uploads',
  routes: (s: { uploads: UploadService }) => uploadRoutes(s.uploads),
});
