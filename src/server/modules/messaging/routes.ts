import { rawRoute, route } from '../module';
import { messagingApi } from '../../../shared/api/messaging';
import type { MessagingService } from './service';
import { userTopic } from './service';
import type { PushService } from './push';
import { sseResponse } from './stream';

export function messagingRoutes(m: MessagingService, push: PushService) {
  return [
    route(messagingApi.messages, ({ user, query }) => m.messages(user.id, query.cursor, query.limit)),
    route(messagingApi.unread, ({ user }) => m.unread(user.id)),
    route(messagingApi.readAll, ({ user }) => m.readAll(user.id)),
    route(messagingApi.read, ({ user, params }) => m.read(user.id, params.id)),
    route(messagingApi.news, ({ query }) => m.news(query)),
    route(messagingApi.newsItem, ({ params }) => m.newsItem(params.id)),
    route(messagingApi.thread, ({ user, query }) => m.thread(user.id, query.before)),
    route(messagingApi.send, ({ user, body }) => m.send(user, body)),
    route(messagingApi.readThread, ({ user }) => m.readThread(user.id)),
    rawRoute(messagingApi.stream, async ({ user }) =>
      sseResponse(m.bus, userTopic(user.id), async () => [{ event: 'unread', data: await m.unread(user.id) }]),
    ),
    route(messagingApi.pushKey, async () => ({ publicKey: (await push.vapid()).publicKey })),
    route(messagingApi.subscribe, ({ user, body }) => push.subscribe(user.id, body)),
    route(messagingApi.unsubscribe, ({ user, query }) => push.unsubscribe(user.id, query.endpoint)),
    route(messagingApi.alerts, ({ user, query }) => m.alerts(user.id, query.code)),
    route(messagingApi.createAlert, ({ user, body }) => m.createAlert(user.id, body)),
    route(messagingApi.deleteAlert, ({ user, params }) => m.deleteAlert(user.id, params.id)),
  ];
}
