/**
 * Row shapes of the account-type area's tables (migration 2026-11-30-001-account-types), added to
 * the database's typed schema by interface merging (docs/decisions/022).
 */
export interface TaxAccountTable {
  user_id: string;
  /** 1: the user has a 特定口座; 0: 一般口座 only. */
  specific: number;
  /** 1: 源泉徴収あり (tax withheld at each sale); 0: 源泉徴収なし. Meaningful only with a 特定口座. */
  withholding: number;
  created_at: number;
  updated_at: number;
}

export interface NisaApplicationTable {
  id: string;
  user_id: string;
  /** The Tokyo year the user declared to hold no other NISA account in. */
  year: number;
  declared_at: number;
  created_at: number;
  review_status: string;
  review_reason: string | null;
  reviewed_by: string | null;
  reviewed_at: number | null;
}

declare module '../../db/schema' {
  interface DB {
    tax_account: TaxAccountTable;
    nisa_application: NisaApplicationTable;
  }
}
