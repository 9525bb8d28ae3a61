/** Block trades: admin offers and purchases that become locked cash positions. */
import { defineModule } from '../module';
import { blockRoutes } from './routes';
import { blockAdminRoutes } from './admin-routes';
import type { BlockService } from './service';

export { BlockService, offerBand } from './service';

export const blockModule = defineModule({
  name: 'block',
  routes: (s: { block: BlockService }) => blockRoutes(s.block),
  adminRoutes: (s: { block: BlockService }) => blockAdminRoutes(s.block),
});
