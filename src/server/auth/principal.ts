/**
 * The authenticated caller of a command (docs/architecture.md, "Layers"). Services take it as a
 * plain value; how it was established (the `token` header, a session row) is the HTTP edge's and
 * the session service's business, so no service depends on HTTP types.
 */
export interface AuthUser {
  id: string;
  phone: string;
  state: string;
  isAdmin: boolean;
  sessionId: string;
}
