import { z } from 'zod';
import { LOT_SIZE } from '../market/price';

/**
 * Server-given settings (docs/product.md "API calls" `common/config`, "Constants"). Every item has a schema and a
 * default; the database holds the current value and admins change it (audited).
 */
const hhmm = z.string().regex(/^([01]\d|2[0-4]):[0-5]\d$/);
/** Minutes of "HH:MM"; an end of 23:59 or 24:00 is the end of the day (as cash/hours.ts reads it). */
const minuteOf = (hhmm: string, end: boolean): number => {
  const [h, m] = hhmm.split(':').map(Number) as [number, number];
  const v = h * 60 + m;
  return end && v >= 23 * 60 + 59 ? 24 * 60 : v;
};
/** A daily window that is open at some time: a start equal to its end would close deposits or withdrawals for good. */
const hoursRange = z
  .string()
  .regex(/^([01]\d|2[0-4]):[0-5]\d-([01]\d|2[0-4]):[0-5]\d$/, 'HH:MM-HH:MM')
  .refine((r) => {
    const [from, to] = r.split('-') as [string, string];
    return minuteOf(from, false) !== minuteOf(to, true);
  }, 'an empty window');
const yen = z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER);
/** Interest and fee rates are at most 20% a year (docs/domain.md "Config bounds"). */
const RATE_MAX_BP = 2_000;
/**
 * The margin-call level (委託保証金維持率) runs from the exchange's floor of 20 % to the 30 % brokers
 * use at most (docs/tse-rules.md "Margin"): above that it would meet the 30 % initial margin of a
 * 3.3× position, and a position would be called, or closed, as it opens. The forced-close level
 * stays strictly below it (CONFIG_ORDER).
 */
const MAINTENANCE_MIN_BP = 2_000;
const MAINTENANCE_MAX_BP = 3_000;
/** Share counts are whole lots (単元) of 100. */
const lots = z.number().int().min(LOT_SIZE).multipleOf(LOT_SIZE);

/**
 * `bounds`: the law/design limits of a number item (docs/domain.md "Config bounds"), also enforced
 * by its schema; the server refuses a value outside them with `config_out_of_bounds` and the client
 * can show them.
 */
interface ConfigItem {
  schema: z.ZodType;
  default: unknown;
  bounds?: { min: number; max: number };
}

export const CONFIG_ITEMS = {
  title: { schema: z.string().min(1).max(60), default: 'Kabuto' },
  logo: { schema: z.string().min(1).max(500), default: '/icons/logo.svg' },
  /** Operator details for the About page (docs/domain.md "What Kabuto never builds"). Honest defaults for a demo install. */
  operatorName: { schema: z.string().max(200), default: 'Kabuto (demo operator)' },
  operatorRegistration: { schema: z.string().max(200), default: '' },
  operatorAddress: { schema: z.string().max(300), default: '' },
  supportContact: { schema: z.string().max(200), default: '' },
  withdrawMin: { schema: yen.min(100), default: 100 },
  withdrawMax: { schema: yen.min(100), default: 5_000_000 },
  depositMin: { schema: yen, default: 1_000 },
  depositMax: { schema: yen, default: 10_000_000 },
  /** USDT limits in cents (USDT's minor unit): USDT moves as USDT, so its limits are its own (docs/domain.md "Deposits"). */
  usdtDepositMin: { schema: yen.min(1), default: 1_000 },
  usdtDepositMax: { schema: yen.min(1), default: 10_000_000 },
  usdtWithdrawMin: { schema: yen.min(1), default: 1_000 },
  usdtWithdrawMax: { schema: yen.min(1), default: 3_000_000 },
  /** Daily window, Asia/Tokyo; "24:00" means end of day. */
  depositHours: { schema: hoursRange, default: '00:00-23:59' },
  withdrawHours: { schema: hoursRange, default: '09:30-24:00' },
  depositWeekdaysOnly: { schema: z.boolean(), default: true },
  withdrawWeekdaysOnly: { schema: z.boolean(), default: true },
  /** A withdrawal requested before this Tokyo time arrives the same business day, later ones the next (docs/domain.md "Withdrawals"). */
  withdrawCutoff: { schema: hhmm, default: '15:00' },
  /**
   * Hours a newly added bank account or wallet waits before it may receive a withdrawal (docs/domain.md
   * "Bank accounts and wallets"): a session taken over cannot empty the account at once, and the
   * owner's notice has time to reach them. At most a week, so an admin cannot hold payouts for good.
   */
  payoutHoldHours: { schema: z.number().int().min(0).max(168), bounds: { min: 0, max: 168 }, default: 24 },
  /** Selling allowed after T+N business days. */
  sellAfterDays: { schema: z.number().int().min(0).max(30), default: 0 },
  ipoRepeatMax: { schema: z.number().int().min(1).max(100), default: 1 },
  blockMinShares: { schema: lots, default: 100 },
  ipoMinShares: { schema: lots, default: 100 },
  ipoMinFunds: { schema: yen, default: 100_000 },
  inviteRequired: { schema: z.boolean(), default: true },
  /**
   * 信用取引口座 thresholds (docs/domain.md "Margin account"): an application whose answers meet them
   * is approved at once, any other is referred to the back office. Stock experience in whole years
   * (0: none asked), financial assets in yen (the bracket's lower bound is compared), whether the money
   * must be 余裕資金, and the days a rejected applicant waits before applying again (0: at once).
   */
  marginMinStockYears: { schema: z.number().int().min(0).max(5), bounds: { min: 0, max: 5 }, default: 1 },
  marginMinFinancialAssets: { schema: yen.max(10_000_000), bounds: { min: 0, max: 10_000_000 }, default: 1_000_000 },
  marginRequireSpareFunds: { schema: z.boolean(), default: true },
  marginReapplyDays: { schema: z.number().int().min(0).max(180), bounds: { min: 0, max: 180 }, default: 30 },
  /** Trading (docs/domain.md docs/tse-rules.md "Margin"): 3.3× = 30% initial margin; one decimal. */
  maxLeverage: {
    schema: z.number().min(1).max(3.3).refine((v) => Math.abs(v * 10 - Math.round(v * 10)) < 1e-9),
    bounds: { min: 1, max: 3.3 },
    default: 3.3,
  },
  /** 'zero' commission (today's online brokers) or the 'reference' per-trade table of docs/tse-rules.md. */
  feeSchedule: { schema: z.enum(['zero', 'reference']), default: 'zero' as 'zero' | 'reference' },
  /** Yearly rates in basis points: buy interest on the borrowed part of margin longs, borrow fee on shorts; ≤ 20%/yr. */
  marginInterestBp: { schema: z.number().int().min(0).max(RATE_MAX_BP), bounds: { min: 0, max: RATE_MAX_BP }, default: 280 },
  shortFeeBp: { schema: z.number().int().min(0).max(RATE_MAX_BP), bounds: { min: 0, max: RATE_MAX_BP }, default: 110 },
  /** Maintenance ratio (bp of contract value): below it a margin call, below the floor a forced close. */
  maintenanceRatioBp: {
    schema: z.number().int().min(MAINTENANCE_MIN_BP).max(MAINTENANCE_MAX_BP),
    bounds: { min: MAINTENANCE_MIN_BP, max: MAINTENANCE_MAX_BP },
    default: 2_000,
  },
  forcedCloseRatioBp: {
    schema: z.number().int().min(0).max(MAINTENANCE_MAX_BP - 1),
    bounds: { min: 0, max: MAINTENANCE_MAX_BP - 1 },
    default: 1_000,
  },
  /** Currency exchange: the full bid–ask spread in bp of the mid rate (docs/domain.md "Currency exchange"); at most 5%. */
  fxSpreadBp: { schema: z.number().int().min(0).max(500), bounds: { min: 0, max: 500 }, default: 50 },
  /**
   * Lending (docs/domain.md "Loans and stock lending"): the credit line's channel switch, its yearly
   * rate, the limits of the score tiers (score ≥ 40 / 60 / 80) and the yearly 貸株 fee rate.
   */
  loanChannelOpen: { schema: z.boolean(), default: true },
  loanRateBp: { schema: z.number().int().min(0).max(RATE_MAX_BP), bounds: { min: 0, max: RATE_MAX_BP }, default: 350 },
  loanLimitTier1: { schema: yen.max(100_000_000), bounds: { min: 0, max: 100_000_000 }, default: 500_000 },
  loanLimitTier2: { schema: yen.max(100_000_000), bounds: { min: 0, max: 100_000_000 }, default: 3_000_000 },
  loanLimitTier3: { schema: yen.max(100_000_000), bounds: { min: 0, max: 100_000_000 }, default: 10_000_000 },
  stockLendingRateBp: { schema: z.number().int().min(0).max(RATE_MAX_BP), bounds: { min: 0, max: RATE_MAX_BP }, default: 100 },
  /**
   * Upload quotas per user (docs/domain.md "Uploads"): files and MB (MiB, as the 10 MB file limit)
   * stored per Tokyo day, and MB stored in all. Bounded so an admin can neither stop uploads nor
   * let one account fill the store.
   */
  uploadDailyCount: { schema: z.number().int().min(1).max(500), bounds: { min: 1, max: 500 }, default: 20 },
  uploadDailyMb: { schema: z.number().int().min(1).max(1_000), bounds: { min: 1, max: 1_000 }, default: 50 },
  uploadStoredMb: { schema: z.number().int().min(1).max(10_000), bounds: { min: 1, max: 10_000 }, default: 200 },
} as const satisfies Record<string, ConfigItem>;

export type ConfigName = keyof typeof CONFIG_ITEMS;
export type ConfigValues = { [K in ConfigName]: z.infer<(typeof CONFIG_ITEMS)[K]['schema']> };
export const CONFIG_NAMES = Object.keys(CONFIG_ITEMS) as ConfigName[];
export const hhmmSchema = hhmm;

export function isConfigName(name: string): name is ConfigName {
  return Object.hasOwn(CONFIG_ITEMS, name);
}

export function configDefaults(): ConfigValues {
  const out = {} as Record<string, unknown>;
  for (const name of CONFIG_NAMES) out[name] = CONFIG_ITEMS[name].default;
  return out as ConfigValues;
}

/** Read the `[{name, value}]` list the server sends into typed values (unknown names ignored). */
export function configFromList(list: { name: string; value: unknown }[]): ConfigValues {
  const out = configDefaults() as Record<string, unknown>;
  for (const { name, value } of list) {
    if (!isConfigName(name)) continue;
    const parsed = CONFIG_ITEMS[name].schema.safeParse(value);
    if (parsed.success) out[name] = parsed.data;
  }
  return out as ConfigValues;
}

/** The law/design bounds of a number item, if it has any. */
export function configBounds(name: ConfigName): { min: number; max: number } | null {
  const item: ConfigItem = CONFIG_ITEMS[name];
  return item.bounds ?? null;
}

/**
 * Pairs of items that keep an order (docs/domain.md "Config bounds"): a forced close happens strictly
 * below the margin-call level, never at or above it; each minimum amount stays at or below its
 * maximum (else no amount could be deposited or withdrawn). A change to either side is checked
 * against the other's current value (`config_inconsistent`).
 */
export const CONFIG_ORDER: readonly { lower: ConfigName; upper: ConfigName; strict: boolean }[] = [
  { lower: 'forcedCloseRatioBp', upper: 'maintenanceRatioBp', strict: true },
  { lower: 'depositMin', upper: 'depositMax', strict: false },
  { lower: 'withdrawMin', upper: 'withdrawMax', strict: false },
  { lower: 'usdtDepositMin', upper: 'usdtDepositMax', strict: false },
  { lower: 'usdtWithdrawMin', upper: 'usdtWithdrawMax', strict: false },
];
