import { rawRoute, route } from '../module';
import { messagingAdminApi } from '../../../shared/api/messaging';
import { STAFF_TOPIC, type MessagingService } from './service';
import { sseResponse } from './stream';

/** The back office's news desk and support inbox. */
export function messagingAdminRoutes(m: MessagingService) {
  return [
    route(messagingAdminApi.postNews, ({ user, body }) => m.postNews(user, body)),
    route(messagingAdminApi.threads, ({ query }) => m.adminThreads(query.cursor, query.limit)),
    route(messagingAdminApi.thread, ({ params, query }) => m.adminThread(params.id, query.before)),
    route(messagingAdminApi.reply, ({ user, params, body }) => m.reply(user, params.id, body)),
    route(messagingAdminApi.readThread, ({ params }) => m.adminRead(params.id)),
    rawRoute(messagingAdminApi.stream, async () => sseResponse(m.bus, STAFF_TOPIC, async () => [])),
  ];
}
