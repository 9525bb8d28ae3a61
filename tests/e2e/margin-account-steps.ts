import { expect, type Locator } from '@playwright/test';
import { PASSING_ANSWERS, REFERRED_ANSWERS } from '../support/margin-account';

/**
 * Fills the 信用取引口座 application inside `scope` (the ticket's sheet or the screen) in any language:
 * the seven questions by their order and choice values, every key-risk box and the 同意, then submits.
 */
export async function applyForMarginAccount(scope: Locator, kind: 'passing' | 'referred', submit = true): Promise<void> {
  const a = kind === 'passing' ? PASSING_ANSWERS : REFERRED_ANSWERS;
  const values = [a.stockExperience, a.marginExperience, String(a.derivativesExperience), a.financialAssets, a.annualIncome, a.purpose, String(a.spareFunds)];
  const selects = scope.locator('form.margin-apply select');
  await expect(selects).toHaveCount(values.length);
  for (const [i, v] of values.entries()) await selects.nth(i).selectOption(v);
  const boxes = scope.locator('form.margin-apply input[type=checkbox]');
  await expect(boxes).toHaveCount(5);
  for (let i = 0; i < 5; i++) await boxes.nth(i).check();
  if (submit) await scope.locator('form.margin-apply button[type=submit]').click();
}
