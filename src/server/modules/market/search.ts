import type { Instrument } from '../../market';
import type { InstrumentRow } from '../../../shared/api/market';
import type { MarketService } from './service';

/*
 * Instrument search (/favorite/search): by code prefix, Japanese name, English name and kana
 * reading. Query and names go through the same normalisation, so the user may type any of the
 * ways a Japanese keyboard produces: full-width digits and letters (ＴＯＹ → toy), half-width
 * katakana (ﾄﾖﾀ → トヨタ) — both by NFKC —, hiragana (とよた → トヨタ), any letter case.
 * Spaces and the middle dot are ignored ("トヨタ 自動車", "ソフトバンク・グループ").
 */

export const SEARCH_LIMIT = 30;

export function normalize(text: string): string {
  return text
    .normalize('NFKC')
    .replace(/[\u3041-\u3096]/g, (ch) => String.fromCharCode(ch.charCodeAt(0) + 0x60))
    .toLowerCase()
    .replace(/[\s・.,]/g, '');
}

interface Entry {
  inst: Instrument;
  code: string;
  texts: string[];
  /** Boards first (listed, otc), then indices, crypto, FX: what a broker's search shows first. */
  rank: number;
}

const RANK: Record<string, number> = { listed: 0, otc: 1, null: 2, crypto: 3, fx: 4 };
const indexes = new WeakMap<readonly Instrument[], Entry[]>();

function entries(list: readonly Instrument[]): Entry[] {
  let out = indexes.get(list);
  if (!out) {
    out = list.map((inst) => ({
      inst,
      code: inst.code.toLowerCase(),
      texts: [normalize(inst.nameJa), normalize(inst.nameEn), normalize(inst.kana)],
      rank: RANK[String(inst.board)] ?? 5,
    }));
    indexes.set(list, out);
  }
  return out;
}

/** 0 exact code, 1 code prefix, 2 name/kana prefix, 3 name/kana contains; null: no match. */
function score(e: Entry, q: string): number | null {
  if (e.code === q) return 0;
  if (e.code.startsWith(q)) return 1;
  if (e.texts.some((t) => t.startsWith(q))) return 2;
  if (e.texts.some((t) => t.includes(q))) return 3;
  return null;
}

export function search(market: MarketService, query: string): InstrumentRow[] {
  const q = normalize(query);
  if (q === '') return [];
  const at = market.now();
  return entries(market.source.instruments())
    .map((e) => ({ e, s: score(e, q) }))
    .filter((x): x is { e: Entry; s: number } => x.s !== null)
    .sort((a, b) => a.s - b.s || a.e.rank - b.e.rank || (a.e.code < b.e.code ? -1 : 1))
    .slice(0, SEARCH_LIMIT)
    .map((x) => market.row(x.e.inst, at));
}
