/**
 * Instrument names in Traditional Chinese (Taiwan usage) and Korean, by code, for the stocks,
 * indices, currencies and coins a reader meets most: the names as brokers and the press of each
 * market commonly write them (豐田汽車 / 도요타자동차). The simulator's reference data carries only
 * Japanese and English names; a code missing here (or a language missing for a code) shows the
 * English name, which is what Taiwanese and Korean brokers show for a Japanese stock they do not
 * translate. Names written in Latin letters everywhere (KDDI, TDK, HOYA, SMC…) are left out on purpose.
 */

export type LocalNameLanguage = 'zh-Hant' | 'ko';

/** code → [Traditional Chinese, Korean]; an empty string leaves that language to the English name. */
const NAMES: Readonly<Record<string, readonly [string, string]>> = {
  // indices
  N225: ['日經225指數', '닛케이225'],
  TOPIX: ['TOPIX（東證股價指數）', 'TOPIX(도쿄증권거래소 주가지수)'],
  TSEG250: ['東證成長市場250指數', '도쿄증권거래소 그로스시장 250지수'],
  // stocks (Nikkei 225 names a reader is likely to know)
  '1801': ['大成建設', '다이세이건설'],
  '1925': ['大和房屋工業', '다이와하우스공업'],
  '1928': ['積水房屋', '세키스이하우스'],
  '2502': ['朝日集團控股', '아사히그룹홀딩스'],
  '2503': ['麒麟控股', '기린홀딩스'],
  '2802': ['味之素', '아지노모토'],
  '2914': ['日本菸草產業', '일본담배산업'],
  '3382': ['柒和伊控股', '세븐앤아이홀딩스'],
  '3659': ['樂線', '넥슨'],
  '4063': ['信越化學工業', '신에쓰화학공업'],
  '4452': ['花王', '가오'],
  '4502': ['武田藥品工業', '다케다약품공업'],
  '4503': ['安斯泰來製藥', '아스텔라스제약'],
  '4519': ['中外製藥', '주가이제약'],
  '4523': ['衛采', '에자이'],
  '4543': ['泰爾茂', '테루모'],
  '4568': ['第一三共', '다이이찌산쿄'],
  '4661': ['東方樂園', '오리엔탈랜드'],
  '4689': ['LINE雅虎', '라인야후'],
  '4755': ['樂天集團', '라쿠텐그룹'],
  '4901': ['富士軟片控股', '후지필름홀딩스'],
  '4911': ['資生堂', '시세이도'],
  '5108': ['普利司通', '브리지스톤'],
  '5401': ['日本製鐵', '일본제철'],
  '5802': ['住友電氣工業', '스미토모전기공업'],
  '6098': ['瑞可利控股', '리크루트홀딩스'],
  '6146': ['迪思科', '디스코'],
  '6178': ['日本郵政', '일본우정'],
  '6301': ['小松製作所', '고마쓰제작소'],
  '6326': ['久保田', '구보타'],
  '6367': ['大金工業', '다이킨공업'],
  '6479': ['美蓓亞三美', '미네베아미쓰미'],
  '6501': ['日立製作所', '히타치제작소'],
  '6503': ['三菱電機', '미쓰비시전기'],
  '6645': ['歐姆龍', '옴론'],
  '6701': ['日本電氣', ''],
  '6702': ['富士通', '후지쯔'],
  '6723': ['瑞薩電子', '르네사스일렉트로닉스'],
  '6724': ['精工愛普生', '세이코엡손'],
  '6753': ['夏普', '샤프'],
  '6758': ['索尼集團', '소니그룹'],
  '6857': ['愛德萬測試', '어드반테스트'],
  '6861': ['基恩斯', '키엔스'],
  '6902': ['電裝', '덴소'],
  '6952': ['卡西歐計算機', '카시오계산기'],
  '6954': ['發那科', '화낙'],
  '6971': ['京瓷', '교세라'],
  '6981': ['村田製作所', '무라타제작소'],
  '7011': ['三菱重工業', '미쓰비시중공업'],
  '7012': ['川崎重工業', '가와사키중공업'],
  '7201': ['日產汽車', '닛산자동차'],
  '7202': ['五十鈴汽車', '이스즈자동차'],
  '7203': ['豐田汽車', '도요타자동차'],
  '7261': ['馬自達', '마쓰다'],
  '7267': ['本田技研工業', '혼다'],
  '7269': ['鈴木汽車', '스즈키'],
  '7270': ['速霸陸', '스바루'],
  '7272': ['山葉發動機', '야마하발동기'],
  '7731': ['尼康', '니콘'],
  '7733': ['奧林巴斯', '올림푸스'],
  '7751': ['佳能', '캐논'],
  '7752': ['理光', '리코'],
  '7832': ['萬代南夢宮控股', '반다이남코홀딩스'],
  '7951': ['山葉', '야마하'],
  '7974': ['任天堂', '닌텐도'],
  '8001': ['伊藤忠商事', '이토추상사'],
  '8002': ['丸紅', '마루베니'],
  '8015': ['豐田通商', '도요타통상'],
  '8031': ['三井物產', '미쓰이물산'],
  '8035': ['東京威力科創', '도쿄일렉트론'],
  '8053': ['住友商事', '스미토모상사'],
  '8058': ['三菱商事', '미쓰비시상사'],
  '8267': ['永旺', '이온'],
  '8306': ['三菱日聯金融集團', '미쓰비시UFJ파이낸셜그룹'],
  '8316': ['三井住友金融集團', '미쓰이스미토모파이낸셜그룹'],
  '8411': ['瑞穗金融集團', '미즈호파이낸셜그룹'],
  '8591': ['歐力士', '오릭스'],
  '8604': ['野村控股', '노무라홀딩스'],
  '8697': ['日本交易所集團', '일본거래소그룹'],
  '8766': ['東京海上控股', '도쿄해상홀딩스'],
  '8801': ['三井不動產', '미쓰이부동산'],
  '8802': ['三菱地所', '미쓰비시지쇼'],
  '9020': ['東日本旅客鐵道', '동일본여객철도'],
  '9022': ['東海旅客鐵道', '도카이여객철도'],
  '9101': ['日本郵船', '일본우선'],
  '9104': ['商船三井', '상선미쓰이'],
  '9201': ['日本航空', '일본항공'],
  '9202': ['全日空控股', 'ANA홀딩스'],
  '9432': ['日本電信電話', ''],
  '9434': ['軟銀', '소프트뱅크'],
  '9501': ['東京電力控股', '도쿄전력홀딩스'],
  '9503': ['關西電力', '간사이전력'],
  '9735': ['西科姆', '세콤'],
  '9766': ['科樂美集團', '코나미그룹'],
  '9843': ['宜得利控股', '니토리홀딩스'],
  '9983': ['迅銷', '패스트리테일링'],
  '9984': ['軟銀集團', '소프트뱅크그룹'],
  // crypto
  BTCJPY: ['比特幣', '비트코인'],
  ETHJPY: ['以太坊', '이더리움'],
  XRPJPY: ['瑞波幣', '리플'],
  SOLJPY: ['Solana', '솔라나'],
  DOGEJPY: ['狗狗幣', '도지코인'],
  LTCJPY: ['萊特幣', '라이트코인'],
  ADAJPY: ['艾達幣', '에이다'],
  // currencies vs the yen (KRW and VND quoted per 100, as the Japanese names say)
  CNYJPY: ['人民幣/日圓', '중국 위안/엔'],
  TWDJPY: ['新臺幣/日圓', '대만 달러/엔'],
  HKDJPY: ['港幣/日圓', '홍콩 달러/엔'],
  USDJPY: ['美元/日圓', '미국 달러/엔'],
  THBJPY: ['泰銖/日圓', '태국 바트/엔'],
  JPYJPY: ['日圓/日圓', '일본 엔/엔'],
  VNDJPY: ['越南盾/日圓（每100越南盾）', '베트남 동/엔 (100동당)'],
  MYRJPY: ['馬來西亞令吉/日圓', '말레이시아 링깃/엔'],
  KRWJPY: ['韓元/日圓（每100韓元）', '한국 원/엔 (100원당)'],
};

/** The code's name in Traditional Chinese or Korean, when one is written here. */
export function localName(code: string, language: LocalNameLanguage): string | undefined {
  const names = NAMES[code];
  const name = names?.[language === 'zh-Hant' ? 0 : 1];
  return name ? name : undefined;
}

/**
 * An instrument's name in the reader's language: Japanese for Japanese, the written Chinese or
 * Korean name where there is one, else the English name (else the Japanese one).
 */
export function displayName(i: { code?: string | null; nameJa: string | null; nameEn: string | null }, locale: string): string {
  if (locale === 'ja') return i.nameJa || i.nameEn || '';
  const local = i.code && (locale === 'zh-Hant' || locale === 'ko') ? localName(i.code, locale) : undefined;
  return local ?? (i.nameEn || i.nameJa || '');
}

/** Names an admin entered per language (an offering, a strategy fund): Japanese always, the rest optional. */
export interface EnteredNames {
  ja: string;
  en?: string | null;
  zhHant?: string | null;
  ko?: string | null;
}

/** An entered name in the reader's language: its own if entered, else the English one, else the Japanese. */
export function enteredName(n: EnteredNames, locale: string): string {
  if (locale === 'ja') return n.ja;
  const own = locale === 'zh-Hant' ? n.zhHant : locale === 'ko' ? n.ko : null;
  return own || n.en || n.ja;
}
