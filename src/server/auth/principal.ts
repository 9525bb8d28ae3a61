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
  /**
   * How the session was signed in (docs/decisions/008-passkeys.md, "Staff"). Undefined for a
   * principal that is not a signed-in session (a strategy fund acting as a ledger owner): such a
   * caller never counts as passkey-authenticated.
   */
  authMethod?: 'password' | 'passkey';
}

/**
 * Whether the caller may act as staff: an admin whose session was signed in with a passkey. A
 * password alone (phished, reused, guessed) must not open other people's data, so an admin's
 * password session is an ordinary user session.
 */
export function actsAsStaff(user: AuthUser): boolean {
  return user.isAdmin && user.authMethod === 'passkey';
}
