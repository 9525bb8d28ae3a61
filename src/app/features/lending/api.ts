import { lendingAdminApi, lendingApi, type LoanStatus } from '../../../shared/api/lending';
import { fundsApi } from '../../../shared/api/funds';
import { endpointArea, endpointQuery } from '../../api/query';

/**
 * The lending area's reads (docs/domain.md "Loans and stock lending"). Figures move with prices and
 * with the daily jobs, so they are read afresh on every visit.
 */
export const creditQuery = () => endpointQuery(lendingApi.credit, {}, { staleTime: 0 });
export const loansQuery = () => endpointQuery(lendingApi.loans, {}, { staleTime: 0 });
export const stockQuery = () => endpointQuery(lendingApi.stock, {}, { staleTime: 0 });
export const stockRecordsQuery = () => endpointQuery(lendingApi.stockRecords, {}, { staleTime: 0 });
export const adminLoansQuery = (status: LoanStatus) => endpointQuery(lendingAdminApi.loans, { query: { status } }, { staleTime: 0 });

/** What a lending command changes: the area's reads and the money summary. */
export const LENDING_INVALIDATES = [endpointArea(lendingApi.credit), endpointArea(fundsApi.summary)];
