import type { Services } from '../services';
import type { AuthUser } from '../auth/principal';

/** Hono context variables shared by every sub-app (the HTTP edge only: services never see them). */
export interface AppEnv {
  Variables: {
    services: Services;
    requestId: string;
    user: AuthUser;
    ip: string;
    /** A Set-Cookie the answer must carry (auth.ts: a browser's token moving to the session cookie). */
    setCookie?: string;
  };
}
