/**
 * 信用取引口座 helpers (docs/domain.md "Margin account"): answers that meet the default thresholds
 * (approved at once), answers that are referred, and applying over HTTP. Every test that needs margin
 * or short orders opens the account with the passing answers.
 */
import { MARGIN_RISK_VERSION, type MarginAnswers, type MarginApplyBody } from '../../src/shared/api/margin-account';

/** Meets the default thresholds: 1–3 years of stock experience, 3–5M yen of assets, 余裕資金. */
export const PASSING_ANSWERS: MarginAnswers = {
  stockExperience: '1to3',
  marginExperience: 'none',
  derivativesExperience: false,
  financialAssets: '3m_5m',
  annualIncome: '5m_10m',
  purpose: 'long_term',
  spareFunds: true,
};

/** Falls short of every default threshold (no experience, under 1M yen, not 余裕資金). */
export const REFERRED_ANSWERS: MarginAnswers = { ...PASSING_ANSWERS, stockExperience: 'none', financialAssets: 'under1m', spareFunds: false };

/** The application body: the answers, every key risk confirmed and the current risk explanation agreed. */
export function marginApplication(answers: Partial<MarginAnswers> = {}): MarginApplyBody {
  return {
    answers: { ...PASSING_ANSWERS, ...answers },
    risks: { marginCall: true, lossBeyondDeposit: true, costs: true, forcedClose: true },
    riskVersion: MARGIN_RISK_VERSION,
  };
}
