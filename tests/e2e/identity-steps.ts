import { expect, type Locator, type Page } from '@playwright/test';
import { toast } from './helpers';

/**
 * Steps of the identity flows that several specs walk through the screens (identity, money loop):
 * an admin approving a KYC submission from its detail, and a user adding a bank account found by
 * searching 三菱ＵＦＪ and しんじゅく.
 */
const screen = (page: Page) => page.locator('.page:visible');

/** The admin's /admin/kyc detail of the submission made under `name`. */
export async function openKycInAdmin(admin: Page, name: string): Promise<Locator> {
  await admin.goto('/#/admin/kyc');
  await admin.getByRole('link', { name: new RegExp(name) }).click();
  return admin.getByTestId('kyc-detail');
}

/** Approve the open submission with `reason` (the reason dialog is required). */
export async function approveKyc(admin: Page, detail: Locator, reason: string): Promise<void> {
  await detail.getByRole('button', { name: '承認', exact: true }).click();
  await admin.getByRole('dialog').getByLabel('理由（必須・監査ログに記録）').fill(reason);
  await admin.getByRole('dialog').getByRole('button', { name: '承認する' }).click();
  await expect(toast(admin)).toHaveText('承認しました');
}

/**
 * /information/addBankCard: bank 0005 found by 三菱ＵＦＪ, branch 新宿 by しんじゅく, the holder
 * prefilled from the verified kana (`holder`), account `number`, confirmed with the user's
 * `fundPassword` (set before; the session signed in within the last 5 minutes); lands on the list.
 */
export async function addMufgShinjukuAccount(page: Page, holder: string, number: string, fundPassword: string): Promise<Locator> {
  await page.goto('/#/information/addBankCard');
  await screen(page).locator('.cash-picker').first().click();
  await page.locator('.cash-sheet input').fill('三菱ＵＦＪ');
  await page.getByTestId('zengin-results').locator('.cash-picks__row', { hasText: '0005' }).click();
  await screen(page).locator('.cash-picker').nth(1).click();
  await page.locator('.cash-sheet input').fill('しんじゅく');
  const branch = page.getByTestId('zengin-results').locator('.cash-picks__row').first();
  await expect(branch.locator('.cash-picks__name')).toHaveText('新宿');
  await branch.click();
  await expect(screen(page).locator('input[name="holder"]')).toHaveValue(holder);
  await screen(page).locator('input[name="number"]').fill(number);
  await screen(page).getByTestId('destination-fund-password').fill(fundPassword);
  await screen(page).locator('form button[type="submit"]').click();
  await expect(page).toHaveURL(/bankList/);
  const row = screen(page).getByTestId('bank-accounts').locator('.cash-card');
  await expect(row).toContainText('三菱ＵＦＪ 新宿');
  return row;
}
