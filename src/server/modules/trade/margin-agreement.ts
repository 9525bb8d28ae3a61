/**
 * Agreement to the 信用取引 risk explanation (docs/domain.md "Trading"): a margin buy or a short is
 * refused (`margin_agreement_required`) until the user has agreed to the current version of the
 * explanation the app shows. The record is the version and the instant; agreeing again to the same
 * version keeps the first instant.
 */
import type { Kysely, Transaction } from 'kysely';
import type { z } from 'zod';
import type { DB } from '../../db/schema';
import { ruleBroken } from '../../errors';
import { MARGIN_AGREEMENT_VERSION, type marginAgreementView } from '../../../shared/api/trade';
import type { Direction } from '../../../shared/domain/position';
import type { TradeCtx } from './deps';
import { agreementOf, recordAgreement } from './margin-agreement-repo';

type AgreementView = z.infer<typeof marginAgreementView>;

/** Margin and short orders (the ones whose preview carries a `risk`): anything but a 1× buy. */
export function needsMarginAgreement(direction: Direction, leverageX10: number): boolean {
  return direction === 'down' || leverageX10 > 10;
}

async function readAgreement(db: Kysely<DB>, userId: string): Promise<AgreementView> {
  const row = await agreementOf(db, userId);
  const current = row !== undefined && Number(row.version) === MARGIN_AGREEMENT_VERSION;
  return {
    agreedAt: current ? Number(row.agreed_at) : null,
    version: row ? Number(row.version) : null,
    current: MARGIN_AGREEMENT_VERSION,
  };
}

export function marginAgreementOf(ctx: TradeCtx, userId: string): Promise<AgreementView> {
  return readAgreement(ctx.database.db, userId);
}

/** Inside the order's transaction: a margin or short order of a user without the current agreement is refused. */
export async function assertMarginAgreed(trx: Transaction<DB>, userId: string, direction: Direction, leverageX10: number): Promise<void> {
  if (!needsMarginAgreement(direction, leverageX10)) return;
  if ((await readAgreement(trx, userId)).agreedAt === null) throw ruleBroken('margin_agreement_required', { version: MARGIN_AGREEMENT_VERSION });
}

/** Records the agreement (the body names the version the user read; the contract accepts only the current one). */
export async function agreeToMargin(ctx: TradeCtx, userId: string, version: number): Promise<AgreementView> {
  const now = ctx.clock.now();
  await ctx.database.db.transaction().execute((trx) => recordAgreement(trx, userId, version, now));
  return readAgreement(ctx.database.db, userId);
}
