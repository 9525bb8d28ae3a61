import { HOUSE, type PostingInput } from '../../src/server/ledger';
import type { Currency } from '../../src/shared/money';

/** The two postings of a demo grant: `amount` from the house into `user`'s cash. */
export const grantPostings = (user: string, currency: Currency, amount: number): PostingInput[] => [
  { owner: HOUSE, currency, kind: 'demo_grant', amount: -amount },
  { owner: user, currency, kind: 'cash', amount },
];
