/**
 * Row shape of the margin-account area's table (migration 2026-11-29-002-margin-account), added to
 * the database's typed schema by interface merging (docs/decisions/022).
 */
export interface MarginAccountApplicationTable {
  id: string;
  user_id: string;
  /** The suitability answers as JSON text; null for an agreement migrated from before applications. */
  answers: string | null;
  risk_version: number;
  /** Why the rules referred it, a JSON array of reason ids (empty when approved at once). */
  referral: string;
  /** 1 when the rules approved it at once, 0 when it went to (or waits for) an admin. */
  auto_decided: number;
  created_at: number;
  review_status: string;
  review_reason: string | null;
  reviewed_by: string | null;
  reviewed_at: number | null;
}

declare module '../../db/schema' {
  interface DB {
    margin_account_application: MarginAccountApplicationTable;
  }
}
