/**
 * Row shapes of the account area's login history tables (migration 2026-11-28-002-login-history,
 * docs/domain.md "Login history and devices"), added to the database's typed schema by interface
 * merging, as the ipo area's, so the area's tables live with the area.
 */
export interface LoginEventTable {
  id: string;
  user_id: string;
  session_id: string;
  method: string;
  at: number;
  ip: string | null;
  country: string | null;
  device_key: string;
  user_agent: string;
  browser: string;
  os: string;
  device_type: string;
  device_name: string;
  new_device: number;
  new_country: number;
  reported_at: number | null;
}

export interface KnownDeviceTable {
  user_id: string;
  device_key: string;
  first_seen_at: number;
  last_seen_at: number;
}

export interface SecurityLockTable {
  user_id: string;
  login_id: string;
  locked_at: number;
}

declare module '../../db/schema' {
  interface DB {
    login_event: LoginEventTable;
    known_device: KnownDeviceTable;
    security_lock: SecurityLockTable;
  }
}
