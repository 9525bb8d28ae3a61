import type { StockRow } from './rows';

/**
 * Stocks outside the Nikkei 225. Segments are as we understand them at the end of 2025; a
 * regional segment means the company is listed on that exchange alone (sole listing). Several of
 * the Prime names here are large enough for TOPIX500; the others use the "Other" tick table.
 */

/** TSE Prime, not in the Nikkei 225 at the anchor date. */
export const PRIME_OTHER_ROWS: readonly StockRow[] = [
  ['1878', '大東建託', 'ダイトウケンタク', 'Daito Trust Construction', 'construction', 3300, 340],
  ['1911', '住友林業', 'スミトモリンギョウ', 'Sumitomo Forestry', 'construction', 1700, 610],
  ['2127', '日本M&Aセンターホールディングス', 'ニホンエムアンドエーセンターホールディングス', 'Nihon M&A Center Holdings', 'services', 800, 330],
  ['2267', 'ヤクルト本社', 'ヤクルトホンシャ', 'Yakult Honsha', 'foods', 2700, 340],
  ['2371', 'カカクコム', 'カカクコム', 'Kakaku.com', 'services', 2500, 200],
  ['2587', 'サントリー食品インターナショナル', 'サントリーショクヒンインターナショナル', 'Suntory Beverage & Food', 'foods', 4900, 309],
  ['285A', 'キオクシアホールディングス', 'キオクシアホールディングス', 'Kioxia Holdings', 'electric_appliances', 10000, 540],
  ['3064', 'MonotaRO', 'モノタロウ', 'MonotaRO', 'retail', 2300, 500],
  ['3778', 'さくらインターネット', 'サクラインターネット', 'SAKURA internet', 'info_communication', 3500, 40],
  ['4528', '小野薬品工業', 'オノヤクヒンコウギョウ', 'Ono Pharmaceutical', 'pharmaceutical', 2000, 470],
  ['4565', 'ネクセラファーマ', 'ネクセラファーマ', 'Nxera Pharma', 'pharmaceutical', 1000, 90],
  ['4587', 'ペプチドリーム', 'ペプチドリーム', 'PeptiDream', 'pharmaceutical', 1600, 130],
  ['4612', '日本ペイントホールディングス', 'ニッポンペイントホールディングス', 'Nippon Paint Holdings', 'chemicals', 1100, 2350],
  ['4684', 'オービック', 'オービック', 'OBIC', 'info_communication', 5000, 440],
  ['6201', '豊田自動織機', 'トヨタジドウショッキ', 'Toyota Industries', 'transport_equipment', 17500, 325],
  ['6383', 'ダイフク', 'ダイフク', 'Daifuku', 'machinery', 4000, 378],
  ['6586', 'マキタ', 'マキタ', 'Makita', 'machinery', 4800, 280],
  ['6594', 'ニデック', 'ニデック', 'Nidec', 'electric_appliances', 1900, 1190],
  ['6869', 'シスメックス', 'シスメックス', 'Sysmex', 'electric_appliances', 1600, 630],
  ['7181', 'かんぽ生命保険', 'カンポセイメイホケン', 'Japan Post Insurance', 'insurance', 3800, 380],
  ['7182', 'ゆうちょ銀行', 'ユウチョギンコウ', 'JAPAN POST BANK', 'banks', 1900, 3600],
  ['7259', 'アイシン', 'アイシン', 'AISIN', 'transport_equipment', 2700, 780],
  ['7309', 'シマノ', 'シマノ', 'Shimano', 'transport_equipment', 16000, 90],
  ['7532', 'パン・パシフィック・インターナショナルホールディングス', 'パンパシフィックインターナショナルホールディングス', 'Pan Pacific International Holdings', 'retail', 4800, 598],
  ['7936', 'アシックス', 'アシックス', 'ASICS', 'other_products', 3800, 720],
  ['8113', 'ユニ・チャーム', 'ユニチャーム', 'Unicharm', 'chemicals', 1000, 1800],
  ['8136', 'サンリオ', 'サンリオ', 'Sanrio', 'wholesale', 5500, 255],
  ['8473', 'SBIホールディングス', 'エスビーアイホールディングス', 'SBI Holdings', 'securities', 6500, 300],
  ['9041', '近鉄グループホールディングス', 'キンテツグループホールディングス', 'Kintetsu Group Holdings', 'land_transport', 2800, 190],
  ['9042', '阪急阪神ホールディングス', 'ハンキュウハンシンホールディングス', 'Hankyu Hanshin Holdings', 'land_transport', 4300, 240],
  ['9048', '名古屋鉄道', 'ナゴヤテツドウ', 'Nagoya Railroad', 'land_transport', 1800, 196],
  ['9142', '九州旅客鉄道', 'キュウシュウリョカクテツドウ', 'Kyushu Railway', 'land_transport', 4000, 157],
  ['9468', 'KADOKAWA', 'カドカワ', 'KADOKAWA', 'info_communication', 3800, 140],
  ['9506', '東北電力', 'トウホクデンリョク', 'Tohoku Electric Power', 'electric_power_gas', 1100, 502],
  ['9508', '九州電力', 'キュウシュウデンリョク', 'Kyushu Electric Power', 'electric_power_gas', 1600, 474],
  ['9684', 'スクウェア・エニックス・ホールディングス', 'スクウェアエニックスホールディングス', 'Square Enix Holdings', 'info_communication', 2900, 360],
  ['9697', 'カプコン', 'カプコン', 'Capcom', 'info_communication', 3800, 420],
];

/** Prime names above that are small for TOPIX500 (approximate; they use the Other tick table). */
export const PRIME_NOT_TOPIX500 = new Set(['2127', '3778', '4565', '4587']);

/** TSE Standard. */
export const STANDARD_ROWS: readonly StockRow[] = [
  ['2702', '日本マクドナルドホールディングス', 'ニホンマクドナルドホールディングス', "McDonald's Holdings Company (Japan)", 'retail', 6200, 133],
  ['2782', 'セリア', 'セリア', 'Seria', 'retail', 3000, 75],
  ['4716', '日本オラクル', 'ニホンオラクル', 'Oracle Corporation Japan', 'info_communication', 15000, 128],
  ['7564', 'ワークマン', 'ワークマン', 'WORKMAN', 'retail', 6000, 82],
  ['8572', 'アコム', 'アコム', 'ACOM', 'other_financing', 450, 1567],
];

/** TSE Growth. */
export const GROWTH_ROWS: readonly StockRow[] = [
  ['2158', 'FRONTEO', 'フロンテオ', 'FRONTEO', 'services', 600, 39],
  ['2160', 'ジーエヌアイグループ', 'ジーエヌアイグループ', 'GNI Group', 'pharmaceutical', 3000, 50],
  ['2370', 'メディネット', 'メディネット', 'MEDINET', 'services', 50, 250],
  ['3479', 'ティーケーピー', 'ティーケーピー', 'TKP', 'real_estate', 1400, 40],
  ['3541', '農業総合研究所', 'ノウギョウソウゴウケンキュウショ', 'Nousouken', 'wholesale', 400, 20],
  ['3692', 'FFRIセキュリティ', 'エフエフアールアイセキュリティ', 'FFRI Security', 'info_communication', 3500, 8],
  ['4011', 'ヘッドウォータース', 'ヘッドウォータース', 'Headwaters', 'info_communication', 3500, 4],
  ['4165', 'プレイド', 'プレイド', 'PLAID', 'info_communication', 1300, 40],
  ['4169', 'ENECHANGE', 'エネチェンジ', 'ENECHANGE', 'info_communication', 500, 34],
  ['4192', 'スパイダープラス', 'スパイダープラス', 'SpiderPlus', 'info_communication', 400, 36],
  ['4259', 'エクサウィザーズ', 'エクサウィザーズ', 'ExaWizards', 'info_communication', 600, 80],
  ['4374', 'Laboro.AI', 'ラボロエーアイ', 'Laboro.AI', 'info_communication', 1000, 15],
  ['4375', 'セーフィー', 'セーフィー', 'Safie', 'info_communication', 800, 55],
  ['4387', 'ZUU', 'ズー', 'ZUU', 'info_communication', 700, 8],
  ['4436', 'ミンカブ・ジ・インフォノイド', 'ミンカブジインフォノイド', 'MINKABU THE INFONOID', 'info_communication', 1200, 15],
  ['4448', 'kubell', 'クベル', 'kubell', 'info_communication', 400, 40],
  ['4477', 'BASE', 'ベイス', 'BASE', 'info_communication', 350, 116],
  ['4478', 'フリー', 'フリー', 'freee', 'info_communication', 3000, 58],
  ['4488', 'AI inside', 'エーアイインサイド', 'AI inside', 'info_communication', 2000, 4],
  ['4493', 'サイバーセキュリティクラウド', 'サイバーセキュリティクラウド', 'Cyber Security Cloud', 'info_communication', 1800, 9],
  ['4563', 'アンジェス', 'アンジェス', 'AnGes', 'pharmaceutical', 45, 1300],
  ['4571', 'NANO MRNA', 'ナノエムアールエヌエー', 'NANO MRNA', 'pharmaceutical', 150, 60],
  ['4572', 'カルナバイオサイエンス', 'カルナバイオサイエンス', 'Carna Biosciences', 'pharmaceutical', 300, 20],
  ['4575', 'キャンバス', 'キャンバス', 'CanBas', 'pharmaceutical', 1500, 15],
  ['4579', 'ラクオリア創薬', 'ラクオリアソウヤク', 'RaQualia Pharma', 'pharmaceutical', 600, 23],
  ['4582', 'シンバイオ製薬', 'シンバイオセイヤク', 'SymBio Pharmaceuticals', 'pharmaceutical', 150, 50],
  ['4586', 'メドレックス', 'メドレックス', 'MEDRx', 'pharmaceutical', 100, 80],
  ['4588', 'オンコリスバイオファーマ', 'オンコリスバイオファーマ', 'Oncolys BioPharma', 'pharmaceutical', 1000, 25],
  ['4591', 'リボミック', 'リボミック', 'RIBOMIC', 'pharmaceutical', 100, 40],
  ['4592', 'サンバイオ', 'サンバイオ', 'SanBio', 'pharmaceutical', 2200, 70],
  ['4593', 'ヘリオス', 'ヘリオス', 'Healios', 'pharmaceutical', 400, 90],
  ['4594', 'ブライトパス・バイオ', 'ブライトパスバイオ', 'BrightPath Biotherapeutics', 'pharmaceutical', 70, 100],
  ['4597', 'ソレイジア・ファーマ', 'ソレイジアファーマ', 'Solasia Pharma', 'pharmaceutical', 40, 200],
  ['4599', 'ステムリム', 'ステムリム', 'StemRIM', 'pharmaceutical', 400, 60],
  ['4883', 'モダリス', 'モダリス', 'Modalis Therapeutics', 'pharmaceutical', 100, 40],
  ['4894', 'クオリプス', 'クオリプス', 'Cuorips', 'pharmaceutical', 5000, 10],
  ['5574', 'ABEJA', 'アベジャ', 'ABEJA', 'info_communication', 1500, 11],
  ['5588', 'ファーストアカウンティング', 'ファーストアカウンティング', 'Fast Accounting', 'info_communication', 1500, 10],
  ['6232', 'ACSL', 'エーシーエスエル', 'ACSL', 'machinery', 1000, 16],
];

/** Regional exchanges, sole listings (Nagoya Premier/Main, Fukuoka, Sapporo incl. Ambitious). */
export const REGIONAL_ROWS: ReadonlyArray<readonly [...StockRow, 'nagoya' | 'fukuoka' | 'sapporo']> = [
  ['2137', '光ハイツ・ヴェラス', 'ヒカリハイツヴェラス', 'Hikari Heights-Varus', 'services', 500, 2, 'sapporo'],
  ['3055', 'ほくやく・竹山ホールディングス', 'ホクヤクタケヤマホールディングス', 'Hokuyaku Takeyama Holdings', 'wholesale', 700, 12, 'sapporo'],
  ['5953', '昭和鉄工', 'ショウワテッコウ', 'Showa Tekko', 'metal_products', 2000, 3, 'fukuoka'],
  ['7485', '岡谷鋼機', 'オカヤコウキ', 'Okaya & Co.', 'wholesale', 16000, 9, 'nagoya'],
  ['8540', '福岡中央銀行', 'フクオカチュウオウギンコウ', 'Fukuoka Chuo Bank', 'banks', 1500, 4, 'fukuoka'],
  ['9040', '大宝運輸', 'タイホウウンユ', 'Taiho Transportation', 'land_transport', 2000, 1, 'nagoya'],
  ['9085', '北海道中央バス', 'ホッカイドウチュウオウバス', 'Hokkaido Chuo Bus', 'land_transport', 4500, 6, 'sapporo'],
  ['9643', '中日本興業', 'ナカニッポンコウギョウ', 'Nakanihon Kogyo', 'services', 3800, 2, 'nagoya'],
];
