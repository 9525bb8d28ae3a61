import { plansApi, type PlanView } from '../../../shared/api/plans';
import { marketApi } from '../../../shared/api/market';
import { taxAccountApi } from '../../../shared/api/tax-account';
import { trustsApi } from '../../../shared/api/trusts';
import { jstDate, type IsoDate } from '../../../shared/market';
import { queryOptions } from '@tanstack/react-query';
import { apiCall } from '../../api/client';
import { endpointArea, endpointQuery } from '../../api/query';
import { useMoneyCommand } from '../../api/money-command';

/** The 積立 area's reads and commands (docs/domain.md "Investment trusts and 積立"). */

/** My plans with their next run, latest runs and this year's NISA room (runs happen on the server's job). */
export function plansQuery() {
  return endpointQuery(plansApi.list, {}, { staleTime: 10_000, refetchInterval: 60_000 });
}

/** One stock's quote (a stock plan's target: name, 単元 price). */
export function stockQuoteQuery(code: string) {
  return endpointQuery(marketApi.quote, { params: { code } }, { staleTime: 15_000 });
}

/**
 * Today in Tokyo on the market's clock (docs/decisions/023-one-clock.md: the indices' quote instant),
 * so the first run shown is the date the server's job will run, also on a demo or test clock. A key
 * of its own, read afresh on every mount: the index ticker's cached quotes may be hours old.
 */
export function marketTodayQuery() {
  return queryOptions({
    queryKey: ['plans', '-today'],
    queryFn: async ({ signal }): Promise<IsoDate | null> => {
      const d = await apiCall(marketApi.indices, { signal, silent: true });
      return d.items[0] ? jstDate(d.items[0].quote.at) : null;
    },
    staleTime: 0,
    gcTime: 0,
  });
}

/** What a plan command changes: the plans (and their NISA figures), the funds' 積立 counts, the NISA room. */
const AFTER_PLAN = [endpointArea(plansApi.list), endpointArea(trustsApi.list), endpointArea(taxAccountApi.status)];

export function useCreatePlan(onSuccess: (plan: PlanView) => void) {
  return useMoneyCommand(plansApi.create, { invalidate: AFTER_PLAN, onSuccess, silent: true });
}

export function useUpdatePlan(onSuccess: (plan: PlanView) => void) {
  return useMoneyCommand(plansApi.update, { invalidate: AFTER_PLAN, onSuccess, silent: true });
}

export function usePlanStatus(onSuccess: (plan: PlanView) => void) {
  return useMoneyCommand(plansApi.status, { invalidate: AFTER_PLAN, onSuccess, silent: true });
}
