/**
 * The back office's words: account states, audit actions, KYC statuses, config groups and each
 * config item's name and description (the server sends keys; the words are the client's, so every
 * language reads them in its own terms).
 */
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { AccountState } from '../../../shared/domain/account';
import type { ADMIN_KYC_STATUSES, CONFIG_GROUPS } from '../../../shared/api/admin';

export const STATE_TEXT: Record<AccountState, MessageDescriptor> = {
  active: msg({ message: '有効' }),
  frozen: msg({ message: '凍結中' }),
  no_trade: msg({ message: '取引停止中' }),
  banned: msg({ message: '利用停止' }),
};

/** What each state does, beside the choice (docs/domain.md "Account states"). */
export const STATE_HINT: Record<AccountState, MessageDescriptor> = {
  active: msg({ message: 'すべての操作ができます' }),
  frozen: msg({ message: '入出金と新規建てができません（返済は可能）。注文中の新規注文は取り消されます' }),
  no_trade: msg({ message: '新規建てができません（返済と入出金は可能）' }),
  banned: msg({ message: 'ログインできません。すべてのセッションが終了します' }),
};

export const KYC_TEXT: Record<(typeof ADMIN_KYC_STATUSES)[number], MessageDescriptor> = {
  not_verified: msg({ message: '未確認' }),
  under_review: msg({ message: '審査中' }),
  verified: msg({ message: '確認済み' }),
  failed: msg({ message: '否認済み' }),
};

/** Audit actions written by the areas (account, config, block, funds, kyc); an unknown one shows its key. */
export const ACTION_TEXT: Record<string, MessageDescriptor> = {
  'user.state': msg({ message: '口座状態の変更' }),
  'trust.terms': msg({ message: '投資信託の手数料・指定の変更' }),
  'trust.suspend': msg({ message: '投資信託の受付停止' }),
  'trust.reopen': msg({ message: '投資信託の受付再開' }),
  'document.open': msg({ message: '書面の閲覧（管理者）' }),
  'document.reissue': msg({ message: '書面の再発行' }),
  'user.grant': msg({ message: 'テスト資金の付与' }),
  'config.set': msg({ message: '設定の変更' }),
  'block.offer.create': msg({ message: 'ブロック取引の作成' }),
  'block.offer.close': msg({ message: 'ブロック取引の終了' }),
  'kyc.approve': msg({ message: '本人確認の承認' }),
  'kyc.reject': msg({ message: '本人確認の否認' }),
};

export const GROUP_TEXT: Record<(typeof CONFIG_GROUPS)[number], MessageDescriptor> = {
  site: msg({ message: 'サイト・運営者' }),
  account: msg({ message: '口座開設' }),
  cash: msg({ message: '入出金' }),
  trading: msg({ message: '取引・信用' }),
  offerings: msg({ message: 'IPO・ブロック取引' }),
  other: msg({ message: 'その他' }),
};

/** The words of an enum item's choices (the value stays the key beside them). */
export const CONFIG_OPTION_TEXT: Record<string, Record<string, MessageDescriptor>> = {
  feeSchedule: { zero: msg({ message: '手数料無料' }), reference: msg({ message: '参考手数料表' }) },
};

/**
 * Each item's label and what it governs (its unit and bounds are shown beside it from the server's
 * schema); every item of CONFIG_ITEMS has words here (tests/unit/admin-config-texts.test.ts).
 */
export const CONFIG_TEXT: Record<string, { label: MessageDescriptor; hint: MessageDescriptor }> = {
  title: { label: msg({ message: 'サイト名' }), hint: msg({ message: 'アプリの見出しとタブに表示される名前' }) },
  logo: { label: msg({ message: 'ロゴ' }), hint: msg({ message: 'ロゴ画像のパスまたはURL' }) },
  operatorName: { label: msg({ message: '運営会社名' }), hint: msg({ message: '会社概要に表示' }) },
  operatorRegistration: { label: msg({ message: '登録番号' }), hint: msg({ message: '金融商品取引業者の登録番号（会社概要に表示）' }) },
  operatorAddress: { label: msg({ message: '所在地' }), hint: msg({ message: '会社概要に表示' }) },
  supportContact: { label: msg({ message: 'お問い合わせ先' }), hint: msg({ message: '会社概要に表示する電話番号やメール' }) },
  inviteRequired: { label: msg({ message: '招待コード必須' }), hint: msg({ message: 'オンのとき、登録に招待コードが必要です' }) },
  depositMin: { label: msg({ message: '入金の最低額' }), hint: msg({ message: '1回の入金申請の下限' }) },
  depositMax: { label: msg({ message: '入金の上限額' }), hint: msg({ message: '1回の入金申請の上限' }) },
  depositHours: { label: msg({ message: '入金受付時間' }), hint: msg({ message: '東京時間 HH:MM-HH:MM（24:00 は終日の終わり）' }) },
  depositWeekdaysOnly: { label: msg({ message: '入金は営業日のみ' }), hint: msg({ message: '土日祝は入金を受け付けません' }) },
  usdtDepositMin: { label: msg({ message: 'USDT 入金の最低額（セント）' }), hint: msg({ message: '1回の USDT 入金申請の下限。1 USDT = 100' }) },
  usdtDepositMax: { label: msg({ message: 'USDT 入金の上限額（セント）' }), hint: msg({ message: '1回の USDT 入金申請の上限。1 USDT = 100' }) },
  usdtWithdrawMin: { label: msg({ message: 'USDT 出金の最低額（セント）' }), hint: msg({ message: '1回の USDT 出金の下限。1 USDT = 100' }) },
  usdtWithdrawMax: { label: msg({ message: 'USDT 出金の上限額（セント）' }), hint: msg({ message: '1回の USDT 出金の上限。1 USDT = 100' }) },
  withdrawMin: { label: msg({ message: '出金の最低額' }), hint: msg({ message: '1回の出金の下限（100円以上）' }) },
  withdrawMax: { label: msg({ message: '出金の上限額' }), hint: msg({ message: '1回の出金の上限' }) },
  withdrawHours: { label: msg({ message: '出金受付時間' }), hint: msg({ message: '東京時間 HH:MM-HH:MM（24:00 は終日の終わり）' }) },
  withdrawWeekdaysOnly: { label: msg({ message: '出金は営業日のみ' }), hint: msg({ message: '土日祝は出金を受け付けません' }) },
  withdrawCutoff: { label: msg({ message: '出金の当日扱いの締切時刻' }), hint: msg({ message: '東京時間 HH:MM。この時刻までの出金申請は当営業日、以降は翌営業日の着金予定になります' }) },
  fxSpreadBp: { label: msg({ message: '為替スプレッド' }), hint: msg({ message: '円とUSDTの両替で、仲値に対する買値と売値の差の合計（bp、5%以下）' }) },
  payoutHoldHours: { label: msg({ message: '新しい出金先の待機時間（時間）' }), hint: msg({ message: '追加した銀行口座・ウォレットへ出金できるようになるまでの時間（0〜168）' }) },
  sellAfterDays: { label: msg({ message: '売却可能日（T+N）' }), hint: msg({ message: '買付から何営業日後に現物売ができるか。信用の返済は制限しません' }) },
  marginMinStockYears: { label: msg({ message: '信用口座：株式投資経験の下限（年）' }), hint: msg({ message: '現物株式の投資経験がこの年数に満たない申込は審査に回ります（0〜5、0は不問）' }) },
  marginMinFinancialAssets: { label: msg({ message: '信用口座：金融資産の下限' }), hint: msg({ message: '申告した金融資産の区分の下限がこの額に満たない申込は審査に回ります（0〜1,000万円）' }) },
  marginRequireSpareFunds: { label: msg({ message: '信用口座：余裕資金であること' }), hint: msg({ message: 'オンのとき、余裕資金でないと答えた申込は審査に回ります' }) },
  marginReapplyDays: { label: msg({ message: '信用口座：再申込までの日数' }), hint: msg({ message: '不承認の後、再び申し込めるまでの日数（0〜180、0はすぐ）' }) },
  maxLeverage: { label: msg({ message: '最大レバレッジ' }), hint: msg({ message: '信用取引の上限（法令上 3.3 倍まで）。新規建てにのみ適用' }) },
  feeSchedule: { label: msg({ message: '手数料体系' }), hint: msg({ message: '売買手数料の体系：手数料無料か、約定代金に応じた参考手数料表か' }) },
  marginInterestBp: { label: msg({ message: '買方金利' }), hint: msg({ message: '信用買の借入部分にかかる年率（20%以下）' }) },
  shortFeeBp: { label: msg({ message: '貸株料' }), hint: msg({ message: '信用売にかかる年率（20%以下）' }) },
  maintenanceRatioBp: { label: msg({ message: '維持率（追証ライン）' }), hint: msg({ message: 'これを下回ると追証。強制決済ラインより上であること' }) },
  forcedCloseRatioBp: { label: msg({ message: '強制決済ライン' }), hint: msg({ message: 'これを下回ると強制決済。維持率より下であること' }) },
  blockMinShares: { label: msg({ message: 'ブロック取引の最低株数' }), hint: msg({ message: '1件のブロック取引で指定できる最低株数の下限' }) },
  ipoMinShares: { label: msg({ message: 'IPO 最低申込株数' }), hint: msg({ message: '1回の申込の最低株数' }) },
  ipoMinFunds: { label: msg({ message: 'IPO 申込に必要な資金' }), hint: msg({ message: '申込時に必要な最低の余力' }) },
  ipoRepeatMax: { label: msg({ message: 'IPO 申込回数の上限' }), hint: msg({ message: '1銘柄あたりの申込回数' }) },
  loanChannelOpen: { label: msg({ message: '証券担保ローンの受付' }), hint: msg({ message: 'オフのとき新たな借入を受け付けません（返済はいつでも可能）' }) },
  loanRateBp: { label: msg({ message: 'ローン金利' }), hint: msg({ message: '証券担保ローンの年率（20%以下）。新たな借入にのみ適用' }) },
  loanLimitTier1: { label: msg({ message: '借入上限（スコア40以上）' }), hint: msg({ message: '与信スコア40〜59の借入上限額' }) },
  loanLimitTier2: { label: msg({ message: '借入上限（スコア60以上）' }), hint: msg({ message: '与信スコア60〜79の借入上限額' }) },
  loanLimitTier3: { label: msg({ message: '借入上限（スコア80以上）' }), hint: msg({ message: '与信スコア80以上の借入上限額' }) },
  stockLendingRateBp: { label: msg({ message: '貸株金利' }), hint: msg({ message: '貸株でお客様に支払う年率（20%以下）。新たな貸出にのみ適用' }) },
  uploadDailyCount: { label: msg({ message: '1日のアップロード件数' }), hint: msg({ message: 'お客様1人が1日（東京時間）に保存できるファイルの数' }) },
  uploadDailyMb: { label: msg({ message: '1日のアップロード容量（MB）' }), hint: msg({ message: 'お客様1人が1日（東京時間）に保存できるファイルの合計' }) },
  uploadStoredMb: { label: msg({ message: '保存容量の上限（MB）' }), hint: msg({ message: 'お客様1人が保存できるファイルの合計（期間なし）' }) },
};
