/**
 * A Vite plugin: brotli and gzip copies of every text asset the build writes (`x.js` → `x.js.br`,
 * `x.js.gz`), so the server sends them by content negotiation without compressing anything at
 * request time (src/server/http/static.ts, `precompressed`). Files under 1 KB stay as they are: the
 * headers would cost more than the bytes saved. The copies end in .br / .gz, which the service
 * worker's precache patterns (by extension) never match.
 */
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'vite';

const TEXT = /\.(?:js|mjs|css|html|svg|json|webmanifest|txt)$/;
const MIN_BYTES = 1024;

export function precompress(): Plugin {
  return {
    name: 'kabuto:precompress',
    apply: 'build',
    writeBundle(options, bundle) {
      const dir = options.dir;
      if (!dir) return;
      for (const file of Object.values(bundle)) {
        if (!TEXT.test(file.fileName)) continue;
        const raw = Buffer.from(file.type === 'chunk' ? file.code : file.source);
        if (raw.length < MIN_BYTES) continue;
        const path = join(dir, file.fileName);
        writeFileSync(`${path}.br`, brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length } }));
        writeFileSync(`${path}.gz`, gzipSync(raw, { level: 9 }));
      }
    },
  };
}
