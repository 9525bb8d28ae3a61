import type { Services } from '../services';

export interface AuthUser {
  id: string;
  phone: string;
  state: string;
  isAdmin: boolean;
  sessionId: string;
}

/** Hono context variables shared by every sub-app. */
export interface AppEnv {
  Variables: {
    services: Services;
    requestId: string;
    user: AuthUser;
    ip: string;
  };
}
