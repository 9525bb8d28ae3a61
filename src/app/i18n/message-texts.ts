import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { MessageId } from '../../shared/api/messages';

/**
 * The text of every server message id (src/shared/api/messages.ts), Japanese as the source.
 * Placeholders: `{amount}` is the first number of `params` formatted as an amount (docs/product.md "Messages"),
 * `{range}` the time range of the deposit/withdrawal notices; price params (`{below}`, `{upper}`…)
 * are prices when the params carry `priceScale`; other names are params as sent.
 * A `variants` entry is used instead of `text` when its parameter is present.
 */
export interface MessageText {
  text: MessageDescriptor;
  variants?: Partial<Record<'amount' | 'range' | 'reason' | 'address' | 'remaining' | 'minutes' | 'retryAfter' | 'date' | 'below' | 'nearest', MessageDescriptor>>;
}

export const MESSAGE_TEXTS: Record<MessageId, MessageText> = {
  // generic outcomes
  success: { text: msg({ message: '完了しました' }) },
  failed: { text: msg({ message: '処理に失敗しました' }) },
  cancel_success: { text: msg({ message: '取り消しました' }) },
  cancel_failed: { text: msg({ message: '取り消しに失敗しました' }) },
  sell_success: { text: msg({ message: '売却しました' }) },
  sell_failed: { text: msg({ message: '売却に失敗しました' }) },
  loan_success: { text: msg({ message: '借入を申し込みました' }) },
  loan_failed: { text: msg({ message: '借入の申し込みに失敗しました' }) },
  subscribe_success: { text: msg({ message: '申し込みました' }) },
  subscribe_failed: { text: msg({ message: '申し込みに失敗しました' }) },
  deposit_success: { text: msg({ message: '入金を申請しました' }) },
  deposit_failed: { text: msg({ message: '入金の申請に失敗しました' }) },
  withdraw_success: { text: msg({ message: '出金を申請しました' }) },
  withdraw_failed: { text: msg({ message: '出金の申請に失敗しました' }) },
  // login and registration
  login_failed: { text: msg({ message: 'ログインに失敗しました' }) },
  account_not_found: { text: msg({ message: 'アカウントが存在しません' }) },
  phone_or_password_incorrect: { text: msg({ message: '電話番号またはパスワードが正しくありません' }) },
  account_exists: { text: msg({ message: 'この電話番号はすでに登録されています' }) },
  invite_code_invalid: { text: msg({ message: '招待コードが無効です' }) },
  account_banned: {
    text: msg({ message: 'このアカウントは利用停止されています' }),
    variants: { reason: msg({ message: 'このアカウントは利用停止されています（理由：{reason}）' }) },
  },
  account_frozen: {
    text: msg({ message: 'このアカウントは凍結されているため、入出金はご利用いただけません' }),
    variants: { reason: msg({ message: 'このアカウントは凍結されているため、入出金はご利用いただけません（理由：{reason}）' }) },
  },
  account_no_trade: {
    text: msg({ message: 'このアカウントは現在お取引いただけません。カスタマーサポートにお問い合わせください' }),
    variants: {
      reason: msg({ message: 'このアカウントは現在お取引いただけません（理由：{reason}）。カスタマーサポートにお問い合わせください' }),
    },
  },
  key_mismatch: { text: msg({ message: '認証キーが一致しません' }) },
  agreement_required: { text: msg({ message: 'プライバシーポリシーへの同意が必要です' }) },
  // passwords
  fund_password_not_set: { text: msg({ message: '取引暗証番号が設定されていません' }) },
  fund_password_wrong: {
    text: msg({ message: '取引暗証番号が正しくありません' }),
    variants: { remaining: msg({ message: '取引暗証番号が正しくありません（あと{remaining}回間違えるとロックされます）' }) },
  },
  fund_password_locked: {
    text: msg({ message: '取引暗証番号の誤入力が続いたため、資金の操作を一時的に制限しています' }),
    variants: {
      minutes: msg({ message: '取引暗証番号の誤入力が続いたため、資金の操作を{minutes}分間制限しています' }),
    },
  },
  original_password_wrong: { text: msg({ message: '現在のパスワードが正しくありません' }) },
  channel_password_wrong: { text: msg({ message: 'チャネルのパスワードが正しくありません' }) },
  password_mismatch: { text: msg({ message: '確認用のパスワードが一致しません' }) },
  password_same_as_old: { text: msg({ message: '新しいパスワードには現在と異なるものを設定してください' }) },
  password_too_common: {
    text: msg({ message: 'このパスワードはよく使われていて推測されやすいため使えません。別のパスワードを設定してください' }),
  },
  password_from_phone: { text: msg({ message: '電話番号を含むパスワードは使えません' }) },
  password_blank: { text: msg({ message: 'スペースだけのパスワードは使えません' }) },
  password_from_name: { text: msg({ message: '本人確認で登録したお名前を含むパスワードは使えません' }) },
  password_repeated: { text: msg({ message: '同じ文字や並びの繰り返し（aaaa、1212 など）は推測されやすいため使えません' }) },
  password_sequence: { text: msg({ message: '連続した文字や数字（abcd、6789 など）は推測されやすいため使えません' }) },
  password_keyboard: { text: msg({ message: 'キーボードの並び（qwerty、asdf など）は推測されやすいため使えません' }) },
  password_date: { text: msg({ message: '日付や年（誕生日など）は推測されやすいため使えません' }) },
  password_common_words: {
    text: msg({ message: 'よく使われる単語や名前だけのパスワードは推測されやすいため使えません。単語を増やすか、数字や記号を組み合わせてください' }),
  },
  password_too_weak: { text: msg({ message: 'このパスワードは推測されやすいため使えません。もっと長く、予想しにくいものにしてください' }) },
  // currency exchange
  fx_quote_expired: { text: msg({ message: 'レートの有効期限が切れました。新しいレートを取得してください' }) },
  fx_quote_used: { text: msg({ message: 'このレートはすでに両替に使われました' }) },
  fx_quote_not_found: { text: msg({ message: 'レートが見つかりません' }) },
  fx_same_currency: { text: msg({ message: '同じ通貨どうしは両替できません' }) },
  fx_amount_too_small: { text: msg({ message: '金額が少なすぎて両替できません' }) },
  // balance and loans
  balance_insufficient: {
    text: msg({ message: '残高が不足しています' }),
    variants: { amount: msg({ message: '残高が不足しています（利用可能額：{amount}）' }) },
  },
  balance_insufficient_margin: {
    text: msg({ message: '証拠金が不足しています' }),
    variants: { amount: msg({ message: '証拠金が不足しています（利用可能額：{amount}）' }) },
  },
  balance_insufficient_withdraw: {
    text: msg({ message: '出金可能額が不足しています' }),
    variants: { amount: msg({ message: '出金可能額が不足しています（出金可能額：{amount}）' }) },
  },
  borrow_quota_insufficient: {
    text: msg({ message: '借入可能額が不足しています' }),
    variants: { amount: msg({ message: '借入可能額が不足しています（借入可能額：{amount}）' }) },
  },
  borrow_quota_full: { text: msg({ message: '借入枠の上限に達しています' }) },
  borrow_channel_closed: { text: msg({ message: '現在、借入の受付を停止しています' }) },
  no_loan_limit: { text: msg({ message: 'ご利用いただける借入枠がありません' }) },
  repay_exceeds_borrowed: {
    text: msg({ message: '返済額が借入残高を超えています' }),
    variants: { amount: msg({ message: '返済額が借入残高（{amount}）を超えています' }) },
  },
  repay_loan_first: { text: msg({ message: '未返済の融資または貸株があります。先に返済してください' }) },
  // lending (docs/domain.md "Loans and stock lending")
  loan_ltv_high: { text: msg({ message: '担保評価額に対する借入残高の割合（LTV）が70%を超えているため、新たな借入はできません' }) },
  position_lent: {
    text: msg({ message: 'この株式は貸株中のため売却できません。貸株を返却（リコール）してから売却してください' }),
    variants: { date: msg({ message: 'この株式は貸株の返却手続中です。{date}に返却が完了した後に売却できます' }) },
  },
  lend_not_cash_position: { text: msg({ message: '貸株にできるのは現物で保有している株式だけです（信用建玉は対象外です）' }) },
  lend_already_lent: { text: msg({ message: 'この株式はすでに貸株中です' }) },
  lend_collateral_pledged: {
    text: msg({
      message: 'この株式は融資の担保に入っています。貸株にすると、残りの担保評価額に対する借入残高（{amount}）の割合が{limitPercent}%を超えるため、貸株にできません。先に融資を返済してください',
    }),
  },
  stock_loan_not_recallable: { text: msg({ message: 'この貸株は貸出中ではないため、返却を申し込めません' }) },
  loan_already_repaid: { text: msg({ message: 'この借入はすでに返済済みです' }) },
  fundraising_insufficient: { text: msg({ message: '募集の残り金額が不足しています' }) },
  // pending operations
  order_pending_review: { text: msg({ message: '審査中の注文があります' }) },
  deposit_pending: { text: msg({ message: '審査中の入金申請があります' }) },
  fund_operation_in_progress: { text: msg({ message: '別の資金操作を処理中です。しばらくしてから再度お試しください' }) },
  submit_too_frequent: { text: msg({ message: '操作の間隔が短すぎます。しばらくしてから再度お試しください' }) },
  // identity and accounts
  real_name_required: { text: msg({ message: '先に本人確認を完了してください' }) },
  real_name_failed: { text: msg({ message: '本人確認情報を確認できませんでした' }) },
  upload_empty: { text: msg({ message: 'ファイルが空です' }) },
  upload_type_not_allowed: { text: msg({ message: 'JPEG・PNG・WebP・HEIC の画像または PDF のみアップロードできます' }) },
  upload_too_large: { text: msg({ message: 'ファイルが大きすぎます（10MB まで）' }) },
  upload_too_many_pixels: { text: msg({ message: '画像の画素数が多すぎます（4,000万画素まで）' }) },
  upload_unreadable: { text: msg({ message: '画像を読み取れませんでした' }) },
  upload_pdf_active_content: { text: msg({ message: 'スクリプトを含む PDF はアップロードできません' }) },
  upload_pdf_encrypted: { text: msg({ message: 'パスワード付き（暗号化された）PDF はアップロードできません' }) },
  upload_daily_count_limit: { text: msg({ message: '1日にアップロードできるファイルは{max}件までです。{until}以降に再度お試しください' }) },
  upload_daily_bytes_limit: { text: msg({ message: '1日にアップロードできるファイルは合計{max}MBまでです。{until}以降に再度お試しください' }) },
  upload_storage_limit: { text: msg({ message: '保存できるファイルは合計{max}MBまでのため、これ以上アップロードできません。サポートにお問い合わせください' }) },
  kana_latin_letters: { text: msg({ message: 'フリガナにアルファベットは使えません。カタカナで入力してください' }) },
  kana_invalid: { text: msg({ message: 'フリガナは全角カタカナで入力してください' }) },
  document_number_invalid: { text: msg({ message: '書類番号の形式が正しくありません' }) },
  kyc_upload_invalid: { text: msg({ message: '書類の画像をもう一度アップロードしてください' }) },
  kyc_under_review: { text: msg({ message: '本人確認は審査中です' }) },
  kyc_already_verified: { text: msg({ message: '本人確認は完了しています' }) },
  review_already_decided: { text: msg({ message: 'この申請はすでに審査済みです' }) },
  card_exists: { text: msg({ message: 'この口座はすでに登録されています' }) },
  // bank accounts and wallets
  bank_not_found: { text: msg({ message: 'この金融機関コードの銀行は見つかりません' }) },
  branch_not_found: { text: msg({ message: 'この銀行にその支店コードの支店はありません' }) },
  bank_account_number_invalid: { text: msg({ message: '口座番号は7桁の数字で入力してください。7桁に満たない番号は自動で補いませんので、通帳やキャッシュカードの表記どおり先頭に0を付けて入力してください' }) },
  bank_holder_mismatch: { text: msg({ message: '口座名義が本人確認のお名前（カナ）と一致しません。ご本人名義の口座のみ登録できます' }) },
  bank_account_limit: { text: msg({ message: '銀行口座は{max}件まで登録できます' }) },
  wallet_address_invalid: { text: msg({ message: 'アドレスの形式が正しくありません（TRC20はTで始まる34文字、ERC20は0xで始まる42文字）' }) },
  wallet_checksum_invalid: { text: msg({ message: 'アドレスのチェックサムが一致しません。1文字ずつ確認するか、コピーして貼り付けてください' }) },
  wallet_exists: { text: msg({ message: 'このアドレスはすでに登録されています' }) },
  wallet_limit: { text: msg({ message: 'ウォレットアドレスは{max}件まで登録できます' }) },
  reauth_required: {
    text: msg({ message: 'セキュリティのため、出金先の登録はログインから{minutes}分以内に行う必要があります。もう一度ログインしてください' }),
  },
  payout_destination_on_hold: { text: msg({ message: 'この出金先は登録したばかりのため、{usableAt} から出金先として利用できます' }) },
  // products and subscription
  product_not_found: { text: msg({ message: '銘柄が存在しないか、上場廃止されています' }) },
  not_trading_time: { text: msg({ message: '取引時間外です' }) },
  not_subscription_time: { text: msg({ message: '申込期間外、または上場前です' }) },
  ipo_channel_closed: { text: msg({ message: '新規公開株の申込は現在受け付けていません' }) },
  ipo_repeat_limit: {
    text: msg({ message: 'この新規公開株への申込回数の上限に達しています' }),
    variants: { amount: msg({ message: 'この新規公開株には{amount}回までしか申し込めません' }) },
  },
  block_trade_closed: { text: msg({ message: 'ブロック取引は現在受け付けていません' }) },
  block_price_out_of_range: { text: msg({ message: 'ブロック取引の価格は当日の値幅制限内かつ前日終値の±10%以内にしてください' }) },
  offering_price_out_of_range: { text: msg({ message: '公募・第三者割当の価格は当日の値幅制限内かつ前日終値の90%〜100%（{lower}〜{upper}）にしてください' }) },
  ipo_price_range_too_wide: { text: msg({ message: '仮条件の上限は下限の25%増し（{upper}）以内にしてください' }) },
  price_unavailable: { text: msg({ message: '株価を取得できませんでした' }) },
  price_beyond_limit: {
    text: msg({ message: '値幅制限の範囲外の価格です' }),
    variants: { nearest: msg({ message: '値幅制限（{lower}〜{upper}）の範囲外の価格です。最も近い有効な価格は{nearest}です' }) },
  },
  price_off_tick: {
    text: msg({ message: '呼値の単位に合わない価格です' }),
    variants: { below: msg({ message: '呼値の単位（{tick}）に合わない価格です。近い有効な価格は{below}と{above}です' }) },
  },
  short_needs_margin: { text: msg({ message: '空売り（信用新規売）は信用取引のため、1×（現物）ではできません。1×より大きいレバレッジを選んでください' }) },
  // orders
  order_not_found: { text: msg({ message: '注文が存在しません' }) },
  order_state_invalid: { text: msg({ message: 'この注文は保有中・注文中・申込中ではないため操作できません。重複して操作しないでください' }) },
  sell_not_allowed_yet: {
    text: msg({ message: 'まだ売却できません（T+N・ロック期間中）' }),
    variants: { date: msg({ message: 'まだ売却できません。{date}から売却できます（T+N・ロック期間中）' }) },
  },
  sell_quantity_not_lot_multiple: {
    text: msg({ message: '売却株数は1単元（{lot}株）単位で指定してください。{shares}株は指定できません' }),
    variants: { below: msg({ message: '売却株数は1単元（{lot}株）単位で指定してください。{shares}株は指定できません（近い株数：{below}株）' }) },
  },
  sell_exceeds_holding: { text: msg({ message: '保有株数を超えています（保有 {held}株・うち現在売却できるのは {sellable}株）' }) },
  margin_account_required: { text: msg({ message: '信用取引（信用新規買・空売り）には信用取引口座が必要です。設定の「信用取引口座」で申し込むか、審査の結果をお待ちください' }) },
  nisa_margin_not_allowed: { text: msg({ message: 'NISA口座では信用取引・空売り・デイトレードはできません。特定口座または一般口座をお選びください' }) },
  account_type_unavailable: { text: msg({ message: '選択した口座（預り区分）は開設されていません。NISA口座は申し込みが承認されるとご利用いただけます' }) },
  nisa_not_eligible: { text: msg({ message: 'この銘柄はNISA口座では購入できません（成長投資枠は整理銘柄・監理銘柄を除く上場株式、つみたて投資枠は指定の投資信託のみが対象です）' }) },
  nisa_limit_exceeded: {
    text: msg({ message: 'NISAの非課税投資枠を超えるため注文できません' }),
    variants: { amount: msg({ message: 'NISAの非課税投資枠を超えるため注文できません（今年の残り {yearRemaining}円・生涯の残り {lifetimeRemaining}円）' }) },
  },
  margin_account_pending: { text: msg({ message: '信用取引口座の申し込みは審査中です。結果をお待ちください' }) },
  margin_account_already_approved: { text: msg({ message: '信用取引口座は開設済みです' }) },
  margin_account_reapply_later: {
    text: msg({ message: '信用取引口座の申し込みは承認されませんでした。しばらくしてから再度お申し込みください' }),
    variants: { date: msg({ message: '信用取引口座の申し込みは承認されませんでした。{date}から再度お申し込みいただけます' }) },
  },
  withholding_locked: { text: msg({ message: 'この年はすでに特定口座で売却または配当の受け取りがあるため、源泉徴収の有無は変更できません。翌年1月1日以降、その年の最初の売却の前に変更できます' }) },
  nisa_my_number_required: { text: msg({ message: 'NISA口座のお申し込みには、マイナンバーカードによる本人確認の完了が必要です' }) },
  nisa_already_applied: { text: msg({ message: 'NISA口座はお申し込み済み（審査中または開設済み）です' }) },
  follow_time_exceeded: { text: msg({ message: 'フォロー注文の受付時間を過ぎています' }) },
  strategy_not_found: { text: msg({ message: 'ファンドが見つかりません' }) },
  strategy_below_minimum: {
    text: msg({ message: '最低投資金額以上を指定してください' }),
    variants: { amount: msg({ message: '最低投資金額（{amount}）以上を指定してください' }) },
  },
  strategy_below_investable: {
    text: msg({ message: 'この金額では、ファンドが運用ルールどおりに売買できません' }),
    variants: { amount: msg({ message: 'このファンドが運用ルールどおりに売買するには純資産{min}以上が必要です。{amount}以上を指定してください' }) },
  },
  strategy_not_open: { text: msg({ message: 'このファンドは現在申込を受け付けていません' }) },
  strategy_locked: {
    text: msg({ message: 'ロック期間中のため解約できません' }),
    variants: { date: msg({ message: 'ロック期間中のため解約できません（{date}から解約できます）' }) },
  },
  strategy_holding_state_invalid: { text: msg({ message: 'この保有はすでに解約中または終了しています' }) },
  // cash flow
  deposit_time_closed: {
    text: msg({ message: '入金の受付時間外です' }),
    variants: { range: msg({ message: '入金の受付時間外です（受付時間：平日 {range}）' }) },
  },
  withdraw_time_closed: {
    text: msg({ message: '出金の受付時間外です' }),
    variants: { range: msg({ message: '出金の受付時間外です（受付時間：平日 {range}）' }) },
  },
  withdraw_amount_out_of_range: { text: msg({ message: '出金額は{min}以上{max}以下で入力してください' }) },
  withdraw_shortfall_owed: {
    text: msg({ message: '不足金があるため出金できません。入金や売却代金で不足金が返済されると出金できます' }),
    variants: { amount: msg({ message: '不足金（{amount}）があるため出金できません。入金や売却代金で不足金が返済されると出金できます' }) },
  },
  withdraw_pending: { text: msg({ message: '審査中の出金申請があります。出金の申請は一度に1件です（審査中の申請は取り消せます）' }) },
  withdraw_not_pending: { text: msg({ message: 'この出金申請は審査待ちではないため、取り消せません' }) },
  withdraw_cancelled: { text: msg({ message: 'この出金申請はお客様が取り消したため、審査できません' }) },
  deposit_amount_out_of_range: { text: msg({ message: '入金額は{min}〜{max}の範囲で入力してください' }) },
  deposit_channel_unavailable: { text: msg({ message: 'この入金方法は現在ご利用いただけません' }) },
  deposit_address_unavailable: { text: msg({ message: '入金用アドレスの準備ができていません。しばらくしてからお試しいただくか、サポートにお問い合わせください' }) },
  deposit_address_invalid: {
    text: msg({ message: 'アドレスの形式またはチェックサムが正しくありません' }),
    variants: { address: msg({ message: 'アドレスの形式またはチェックサムが正しくありません：{address}' }) },
  },
  deposit_address_exists: {
    text: msg({ message: 'このアドレスはすでに登録されています' }),
    variants: { address: msg({ message: 'このアドレスはすでに登録されています：{address}' }) },
  },
  deposit_receipt_invalid: { text: msg({ message: '振込明細（受領書）の画像をアップロードしてください' }) },
  deposit_receipt_used: { text: msg({ message: 'この振込明細はすでに別の入金申請に使われています。今回の振込の明細をアップロードしてください' }) },
  deposit_amount_above_stated: { text: msg({ message: '申請額（{max}）を超えて入金を承認することはできません。多く着金した差額は、理由を付けた付与として別に処理してください' }) },
  // transport and platform
  invalid_request: { text: msg({ message: '入力内容に誤りがあります' }) },
  invalid_json: { text: msg({ message: 'リクエストの形式が正しくありません' }) },
  payload_too_large: { text: msg({ message: '送信するデータが大きすぎます' }) },
  headers_too_large: { text: msg({ message: 'リクエストのヘッダーが大きすぎます' }) },
  unsupported_media_type: { text: msg({ message: 'リクエストのデータ形式に対応していません' }) },
  login_required: { text: msg({ message: 'ログインしてください' }) },
  session_expired: { text: msg({ message: 'ログインの有効期限が切れました。再度ログインしてください' }) },
  forbidden: { text: msg({ message: 'この操作は許可されていません' }) },
  admin_only: { text: msg({ message: 'この操作は管理者のみ行えます' }) },
  not_found: { text: msg({ message: '見つかりませんでした' }) },
  user_not_found: { text: msg({ message: 'ユーザーが見つかりません' }) },
  too_many_requests: {
    text: msg({ message: 'リクエストが多すぎます。しばらくしてから再度お試しください' }),
    variants: { retryAfter: msg({ message: 'リクエストが多すぎます。{retryAfter}秒後に再度お試しください' }) },
  },
  service_unavailable: { text: msg({ message: 'ただいまサービスを利用できません。しばらくしてから再度お試しください' }) },
  idempotency_key_required: { text: msg({ message: 'リクエストを識別できません。画面を更新してから再度お試しください' }) },
  idempotency_key_reused: { text: msg({ message: 'このリクエストはすでに別の内容で送信されています' }) },
  config_unknown: { text: msg({ message: '不明な設定項目です' }) },
  config_invalid: { text: msg({ message: '設定値が正しくありません' }) },
  config_out_of_bounds: { text: msg({ message: '設定値が許容範囲外です' }) },
  config_inconsistent: { text: msg({ message: '他の設定項目（{other}）と矛盾する値です（強制決済の維持率は追証の維持率より低く、最低額は上限額以下にしてください）' }) },
  trigger_already_reached: { text: msg({ message: '株価がすでに逆指値の発動値段に達しています。発動値段を見直してください' }) },
  shortfall_owed: { text: msg({ message: '不足金があるため新規の注文はできません。入金して不足金を解消してください' }) },
  offline: { text: msg({ message: 'オフラインのため実行できません。接続を確認してから再度お試しください' }) },
  network_error: { text: msg({ message: '通信エラーが発生しました。接続を確認してください' }) },
  timeout: { text: msg({ message: '通信がタイムアウトしました。しばらくしてから再度お試しください' }) },
  internal_error: { text: msg({ message: 'システムエラーが発生しました。しばらくしてから再度お試しください' }) },
  watchlist_group_limit: { text: msg({ message: 'グループは{max}個までです' }) },
  watchlist_group_full: { text: msg({ message: 'このグループには{max}銘柄まで登録できます' }) },
  watchlist_group_name_invalid: { text: msg({ message: 'グループ名は{min}〜{max}文字で入力してください（改行などの制御文字は使えません）' }) },
  watchlist_group_default: { text: msg({ message: '「お気に入り」グループは削除・名前の変更ができません' }) },
  passkey_failed: { text: msg({ message: 'パスキーを確認できませんでした' }) },
  passkey_challenge_expired: { text: msg({ message: 'パスキーの確認の有効期限が切れました。もう一度お試しください' }) },
  passkey_exists: { text: msg({ message: 'このパスキーはすでに登録されています' }) },
  step_up_required: { text: msg({ message: 'この操作にはパスキーでの本人確認が必要です' }) },
  passkey_login_required: { text: msg({ message: 'このアカウントはパスキーでのログインが必要です。「パスキーでログイン」からログインしてください' }) },
  admin_passkey_required: { text: msg({ message: '管理画面を使うには、パスキーでログインしてください' }) },
  passkey_not_registered: { text: msg({ message: '先にパスキーを登録してください' }) },
  passkey_last_required: { text: msg({ message: 'このアカウントにはパスキーが必要なため、最後のパスキーは削除できません。先に別のパスキーを登録してください' }) },
  security_locked: {
    text: msg({ message: '身に覚えのないログインのご報告を受け、出金・取引暗証番号・出金先の変更を停止しています。ログインパスワードを変更すると再開できます' }),
  },
  chat_message_empty: { text: msg({ message: 'メッセージを入力してください' }) },
  chat_message_too_long: { text: msg({ message: 'メッセージは{max}文字以内で入力してください' }) },
  price_alert_invalid: { text: msg({ message: '通知条件が正しくありません（価格は現在値より上または下、変化率は±100%以内）' }) },
  price_alert_limit: { text: msg({ message: '株価通知は{max}件まで設定できます' }) },
  push_subscription_invalid: { text: msg({ message: 'このブラウザのプッシュ通知の登録情報が正しくありません' }) },
  news_not_found: { text: msg({ message: 'ニュースが見つかりません' }) },
};
