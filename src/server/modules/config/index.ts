/** Config area: the server-given settings (`common/config`) and their bounded admin changes. */
import { defineModule } from '../module';
import { configRoutes } from './routes';
import type { ConfigService } from './service';

export { ConfigService } from './service';

export const configModule = defineModule({
  name: 'config',
  routes: (s: { config: ConfigService }) => configRoutes(s.config),
});
