import { z } from 'zod';
import { CONFIG_ITEMS, CONFIG_NAMES, configBounds, type ConfigName, type ConfigValues } from '../../../shared/domain/config-items';
import type { adminConfigItem, CONFIG_GROUPS } from '../../../shared/api/admin';

type AdminConfigItem = z.infer<typeof adminConfigItem>;
type Group = (typeof CONFIG_GROUPS)[number];
type Unit = AdminConfigItem['unit'];

/**
 * How the config screen groups and reads each item. An item missing here (added by a later area)
 * still shows, under "other" and without a unit, so the screen never hides a setting.
 */
const LAYOUT: Partial<Record<ConfigName, { group: Group; unit?: Exclude<Unit, null> }>> = {
  title: { group: 'site' },
  logo: { group: 'site' },
  operatorName: { group: 'site' },
  operatorRegistration: { group: 'site' },
  operatorAddress: { group: 'site' },
  supportContact: { group: 'site' },
  inviteRequired: { group: 'account' },
  depositMin: { group: 'cash', unit: 'yen' },
  depositMax: { group: 'cash', unit: 'yen' },
  depositHours: { group: 'cash' },
  depositWeekdaysOnly: { group: 'cash' },
  withdrawMin: { group: 'cash', unit: 'yen' },
  withdrawMax: { group: 'cash', unit: 'yen' },
  withdrawHours: { group: 'cash' },
  withdrawWeekdaysOnly: { group: 'cash' },
  payoutHoldHours: { group: 'cash' },
  withdrawCutoff: { group: 'cash' },
  // USDT limits are in cents; their labels say so (features/admin/texts.ts)
  usdtDepositMin: { group: 'cash' },
  usdtDepositMax: { group: 'cash' },
  usdtWithdrawMin: { group: 'cash' },
  usdtWithdrawMax: { group: 'cash' },
  fxSpreadBp: { group: 'cash', unit: 'bp' },
  marginMinStockYears: { group: 'trading' },
  marginMinFinancialAssets: { group: 'trading', unit: 'yen' },
  marginRequireSpareFunds: { group: 'trading' },
  marginReapplyDays: { group: 'trading', unit: 'days' },
  sellAfterDays: { group: 'trading', unit: 'days' },
  maxLeverage: { group: 'trading', unit: 'times' },
  feeSchedule: { group: 'trading' },
  marginInterestBp: { group: 'trading', unit: 'bp' },
  shortFeeBp: { group: 'trading', unit: 'bp' },
  maintenanceRatioBp: { group: 'trading', unit: 'bp' },
  forcedCloseRatioBp: { group: 'trading', unit: 'bp' },
  blockMinShares: { group: 'offerings', unit: 'shares' },
  ipoMinShares: { group: 'offerings', unit: 'shares' },
  ipoMinFunds: { group: 'offerings', unit: 'yen' },
  ipoRepeatMax: { group: 'offerings', unit: 'count' },
  // lending (docs/domain.md "Loans and stock lending")
  loanChannelOpen: { group: 'trading' },
  loanRateBp: { group: 'trading', unit: 'bp' },
  loanLimitTier1: { group: 'trading', unit: 'yen' },
  loanLimitTier2: { group: 'trading', unit: 'yen' },
  loanLimitTier3: { group: 'trading', unit: 'yen' },
  stockLendingRateBp: { group: 'trading', unit: 'bp' },
  // upload quotas (docs/domain.md "Uploads"); the MB items say their unit in their label
  uploadDailyCount: { group: 'account', unit: 'count' },
  uploadDailyMb: { group: 'account' },
  uploadStoredMb: { group: 'account' },
};

const finite = (v: number | null | undefined): number | null => (typeof v === 'number' && Number.isFinite(v) && Math.abs(v) < Number.MAX_SAFE_INTEGER ? v : null);

/** What the item's schema accepts, read from the schema itself so the screen cannot drift from the server's check. */
function shape(schema: z.ZodType): Pick<AdminConfigItem, 'kind' | 'min' | 'max' | 'maxLength' | 'options'> {
  const none = { min: null, max: null, maxLength: null, options: null };
  if (schema instanceof z.ZodNumber) {
    return { ...none, kind: schema.isInt ? 'integer' : 'number', min: finite(schema.minValue), max: finite(schema.maxValue) };
  }
  if (schema instanceof z.ZodBoolean) return { ...none, kind: 'boolean' };
  if (schema instanceof z.ZodEnum) return { ...none, kind: 'enum', options: schema.options.map(String) };
  if (schema instanceof z.ZodString) return { ...none, kind: 'string', maxLength: finite(schema.maxLength) };
  return { ...none, kind: 'string' };
}

/** Every item in catalogue order with its current value, default, group, unit and bounds. */
export function adminConfigView(values: ConfigValues): AdminConfigItem[] {
  return CONFIG_NAMES.map((name) => {
    const item = CONFIG_ITEMS[name];
    const s = shape(item.schema);
    const bounds = configBounds(name);
    const layout = LAYOUT[name];
    return {
      name,
      value: values[name] as string | number | boolean,
      default: item.default as string | number | boolean,
      group: layout?.group ?? 'other',
      unit: layout?.unit ?? null,
      ...s,
      // The law/design bounds win where an item declares them (docs/domain.md "Config bounds").
      min: bounds?.min ?? s.min,
      max: bounds?.max ?? s.max,
    };
  });
}
