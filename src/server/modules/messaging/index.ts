/**
 * Messages, news, customer service and price alerts (docs/domain.md "Messages, news and support",
 * docs/decisions/017-messages-news-support.md).
 *
 * For other areas: `notify(trx, { userId, kind, params, at, dedupeKey })` writes one message into
 * the user's box inside the caller's transaction (the same one that commits the event), so the
 * message exists exactly when the event does. `kind` is one of MESSAGE_KINDS
 * (src/shared/api/messaging.ts) — add a kind there (and its text in the app's messaging feature)
 * before using it; `params` are numbers, codes and names only; `dedupeKey` (e.g.
 * `ipo_draw:<applicationId>`) makes a repeated job run harmless.
 */
import { defineModule } from '../module';
import type { MessagingService } from './service';
import type { PushService } from './push';
import type { NewsJob, AlertsJob } from './jobs';
import { messagingRoutes } from './routes';
import { messagingAdminRoutes } from './admin-routes';

export { notify, type Notice } from './notify';
export type { MessageKind, MessageParams } from '../../../shared/api/messaging';
export { MessagingService } from './service';
export { PushService } from './push';
export { NewsJob, AlertsJob } from './jobs';
export { endAllStreams } from './stream';

export interface MessagingServices {
  messaging: MessagingService;
  push: PushService;
  newsJob: NewsJob;
  alertsJob: AlertsJob;
}

export const messagingModule = defineModule({
  name: 'messaging',
  routes: (s: MessagingServices) => messagingRoutes(s.messaging, s.push),
  adminRoutes: (s: MessagingServices) => messagingAdminRoutes(s.messaging),
  jobs: (s: MessagingServices) => ({ news: s.newsJob, priceAlerts: s.alertsJob }),
});
