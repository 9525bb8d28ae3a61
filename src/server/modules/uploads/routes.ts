import { rawRoute, route } from '../module';
import { uploadsApi } from '../../../shared/api/uploads';
import type { UploadService } from './service';

export function uploadRoutes(uploads: UploadService) {
  return [
    route(uploadsApi.create, ({ user, query, request }) => uploads.create(user, query.purpose, request.header('content-type'), request.rawBody())),
    rawRoute(uploadsApi.get, ({ user, params }) => uploads.file(user, params.id)),
  ];
}
