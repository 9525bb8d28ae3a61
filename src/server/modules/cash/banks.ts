/**
 * The Zengin bank and branch list (docs/domain.md "Bank accounts and wallets"), from the
 * `zengin-code` package: about 1,100 banks and 30,000 branches (5 MB of source). It is read once, on
 * the first search or registration, and only here on the server — the PWA asks `cash/banks`, so the
 * list never enters the app's bundle.
 */
import { createRequire } from 'node:module';
import type { BankRow } from '../../../shared/api/cash';
import { BANK_SEARCH_MAX } from '../../../shared/api/cash';
import { searchKey } from '../../../shared/domain/kana';

interface Entry {
  row: BankRow;
  /** Search keys of the name, the kana and the romaji. */
  keys: string[];
}

interface Bank extends Entry {
  branchEntries: Entry[] | null;
  rawBranches: Record<string, { code: string; name: string; kana: string; roma: string }>;
}

function entryOf(e: { code: string; name: string; kana: string; roma: string }): Entry {
  return { row: { code: e.code, name: e.name, kana: e.kana }, keys: [searchKey(e.name), searchKey(e.kana), searchKey(e.roma)] };
}

/**
 * Ranked search: an exact code first, then an exact name (東京 before 東京都庁…), then a code
 * prefix, then names whose key starts with the query, then names containing it; in list order
 * within a rank. An empty query lists the first ones.
 */
export function searchEntries(entries: readonly Entry[], q: string, limit = BANK_SEARCH_MAX): BankRow[] {
  const query = searchKey(q);
  if (query.length === 0) return entries.slice(0, limit).map((e) => e.row);
  const isCode = /^\d+$/.test(query);
  const ranked: { rank: number; index: number; row: BankRow }[] = [];
  entries.forEach((e, index) => {
    let rank = -1;
    if (isCode && e.row.code === query) rank = 0;
    else if (e.keys.includes(query)) rank = 1;
    else if (isCode && e.row.code.startsWith(query)) rank = 2;
    else if (e.keys.some((k) => k.startsWith(query))) rank = 3;
    else if (e.keys.some((k) => k.includes(query))) rank = 4;
    if (rank >= 0) ranked.push({ rank, index, row: e.row });
  });
  ranked.sort((a, b) => a.rank - b.rank || a.index - b.index);
  return ranked.slice(0, limit).map((r) => r.row);
}

export class BankDirectory {
  private banks: Map<string, Bank> | null = null;
  private bankEntries: Bank[] = [];

  /** Loaded on first use (a synchronous require of the package's data, once per process). */
  private load(): Map<string, Bank> {
    if (this.banks) return this.banks;
    const require = createRequire(import.meta.url);
    const data = require('zengin-code') as typeof import('zengin-code');
    const banks = new Map<string, Bank>();
    for (const code of Object.keys(data).sort()) {
      const b = data[code]!;
      banks.set(code, { ...entryOf(b), branchEntries: null, rawBranches: b.branches });
    }
    this.banks = banks;
    this.bankEntries = [...banks.values()];
    return banks;
  }

  bank(code: string): BankRow | undefined {
    return this.load().get(code)?.row;
  }

  branch(bankCode: string, branchCode: string): BankRow | undefined {
    const bank = this.load().get(bankCode);
    const b = bank?.rawBranches[branchCode];
    return b ? { code: b.code, name: b.name, kana: b.kana } : undefined;
  }

  searchBanks(q: string): BankRow[] {
    this.load();
    return searchEntries(this.bankEntries, q);
  }

  /** Undefined when the bank code is not in the list. */
  searchBranches(bankCode: string, q: string): BankRow[] | undefined {
    const bank = this.load().get(bankCode);
    if (!bank) return undefined;
    bank.branchEntries ??= Object.keys(bank.rawBranches)
      .sort()
      .map((c) => entryOf(bank.rawBranches[c]!));
    return searchEntries(bank.branchEntries, q);
  }
}
