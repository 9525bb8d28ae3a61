/**
 * The risk terms a position lives by: the margin-call and forced-close levels and its interest or
 * borrow-fee rate, fixed when it opens (docs/decisions/009-trading-money-conventions.md: a change of
 * a risk setting applies to new positions only). Rows opened before terms were kept fall back to
 * the current config.
 */
import type { ConfigValues } from '../../../shared/domain/config-items';
import type { PositionRow } from './repo';

export interface RiskTerms {
  maintenanceRatioBp: number;
  forcedCloseRatioBp: number;
  /** Yearly rate in bp: margin interest (long) or borrow fee (short). */
  interestBp: number;
}

export function termsOf(pos: Pick<PositionRow, 'maintenance_bp' | 'forced_close_bp' | 'interest_bp' | 'direction'>, cfg: ConfigValues): RiskTerms {
  return {
    maintenanceRatioBp: pos.maintenance_bp ?? cfg.maintenanceRatioBp,
    forcedCloseRatioBp: pos.forced_close_bp ?? cfg.forcedCloseRatioBp,
    interestBp: pos.interest_bp ?? (pos.direction === 'up' ? cfg.marginInterestBp : cfg.shortFeeBp),
  };
}

/** The columns a new position stores: today's config. */
export function termsAtOpen(direction: string, cfg: ConfigValues) {
  return {
    maintenance_bp: cfg.maintenanceRatioBp,
    forced_close_bp: cfg.forcedCloseRatioBp,
    interest_bp: direction === 'up' ? cfg.marginInterestBp : cfg.shortFeeBp,
  };
}
