import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MARGIN_RISK_VERSION, type MarginAccountView, type MarginAnswers } from '../../../shared/api/margin-account';
import { isApiError } from '../../api/client';
import { translateMessage } from '../../i18n/translate';
import { getLanguage } from '../../storage';
import { applyForMarginAccount, marginAccountKey } from './api';

export type Draft = { [K in keyof MarginAnswers]: MarginAnswers[K] | null };
export const RISKS = ['marginCall', 'lossBeyondDeposit', 'costs', 'forcedClose'] as const;
export type Risk = (typeof RISKS)[number];

const EMPTY: Draft = {
  stockExperience: null, marginExperience: null, derivativesExperience: null, financialAssets: null, annualIncome: null, purpose: null, spareFunds: null,
};

function complete(d: Draft): MarginAnswers | null {
  return Object.values(d).every((v) => v !== null) ? (d as MarginAnswers) : null;
}

/** The application's state: every question answered, every key risk confirmed and the 同意, then one POST. */
export function useApplicationForm(onApplied: (view: MarginAccountView) => void) {
  const client = useQueryClient();
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [risks, setRisks] = useState<Record<Risk, boolean>>({ marginCall: false, lossBeyondDeposit: false, costs: false, forcedClose: false });
  const [agreed, setAgreed] = useState(false);
  const answers = complete(draft);
  const ready = answers !== null && RISKS.every((r) => risks[r]) && agreed;
  const apply = useMutation({
    mutationFn: (a: MarginAnswers) =>
      applyForMarginAccount({ answers: a, risks: { marginCall: true, lossBeyondDeposit: true, costs: true, forcedClose: true }, riskVersion: MARGIN_RISK_VERSION }),
    onSuccess: (view) => {
      client.setQueryData(marginAccountKey, view);
      onApplied(view);
    },
  });
  const error = apply.isError ? translateMessage(isApiError(apply.error) ? apply.error.msg : 'network_error', isApiError(apply.error) ? apply.error.params : undefined, getLanguage()) : null;
  const set = <K extends keyof Draft>(k: K, v: Draft[K]) => setDraft((d) => ({ ...d, [k]: v }));
  const submit = () => {
    if (ready && answers && !apply.isPending) apply.mutate(answers);
  };
  return { draft, set, risks, setRisk: (r: Risk, on: boolean) => setRisks((x) => ({ ...x, [r]: on })), agreed, setAgreed, ready, submit, busy: apply.isPending, error };
}
