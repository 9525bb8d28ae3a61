import type { Kysely, Migration } from 'kysely';
import type { Capabilities } from '../capabilities';

/**
 * The algorithm each IPO draw ran (docs/decisions/014-ipo-draw.md, issue 37): `draw_algorithm` is
 * written with `drawn_at`. Offerings already drawn ran `kabuto-draw-v1` (sorted by application id)
 * and are marked so; offerings not drawn yet stay null and get the algorithm of their draw.
 */
export function drawAlgorithm(_caps: Capabilities): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema.alterTable('ipo_offering').addColumn('draw_algorithm', 'text').execute();
      await db.updateTable('ipo_offering').set({ draw_algorithm: 'kabuto-draw-v1' }).where('drawn_at', 'is not', null).execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.alterTable('ipo_offering').dropColumn('draw_algorithm').execute();
    },
  };
}
