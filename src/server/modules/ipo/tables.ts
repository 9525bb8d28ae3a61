/**
 * Row shapes of the ipo area's tables (migration 2026-11-25-009-ipo), added to the database's
 * typed schema by interface merging, so the area's tables live with the area.
 */
export interface IpoOfferingTable {
  id: string;
  kind: string;
  code: string;
  name_ja: string;
  name_en: string;
  /** Optional names per language (migration 2026-11-29-003); null: the English name is shown. */
  name_zh_hant: string | null;
  name_ko: string | null;
  kana: string;
  segment: string;
  sponsor: string;
  price_scale: number;
  price_low: number;
  price_high: number;
  final_price: number | null;
  open_price: number | null;
  shares_offered: number;
  shares_outstanding: number;
  min_lots: number;
  min_funds: number;
  repeat_max: number;
  window_from: number;
  window_to: number;
  draw_at: number;
  payment_due: number;
  listing_date: string;
  listing_at: number;
  seed: string;
  commitment: string;
  priced_at: number | null;
  drawn_at: number | null;
  /** The draw algorithm that ran (set with drawn_at; migration 2026-11-28-005). */
  draw_algorithm: string | null;
  paid_at: number | null;
  listed_at: number | null;
  created_by: string;
  created_at: number;
}

export interface IpoApplicationTable {
  id: string;
  offering_id: string;
  user_id: string;
  lots: number;
  status: string;
  reserve_price: number;
  reserved: number;
  won_lots: number | null;
  position_id: string | null;
  created_at: number;
  updated_at: number;
}

declare module '../../db/schema' {
  interface DB {
    ipo_offering: IpoOfferingTable;
    ipo_application: IpoApplicationTable;
  }
}
