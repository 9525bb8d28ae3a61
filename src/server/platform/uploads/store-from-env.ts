import { LocalFileStore, type FileStore } from './file-store';
import { S3FileStore } from './s3-store';

/**
 * The FileStore a process uses (docs/decisions/021-scale-out.md):
 * - KABUTO_S3_BUCKET set → an S3-compatible bucket: KABUTO_S3_ENDPOINT (default AWS in
 *   KABUTO_S3_REGION), KABUTO_S3_REGION (default us-east-1), AWS_ACCESS_KEY_ID,
 *   AWS_SECRET_ACCESS_KEY, KABUTO_S3_PREFIX (default `uploads/`), KABUTO_S3_SSE=1 for AES256;
 * - KABUTO_UPLOADS_DIR set → that directory (scale-out: one every instance mounts, e.g. NFS);
 * - otherwise $KABUTO_DATA_DIR/uploads (embedded mode, ./data/uploads).
 */
export function fileStoreFromEnv(env: Readonly<Record<string, string | undefined>>): FileStore {
  if (env.KABUTO_S3_BUCKET) {
    const region = env.KABUTO_S3_REGION || 'us-east-1';
    const accessKeyId = env.AWS_ACCESS_KEY_ID;
    const secretAccessKey = env.AWS_SECRET_ACCESS_KEY;
    if (!accessKeyId || !secretAccessKey) throw new Error('KABUTO_S3_BUCKET needs AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY');
    return new S3FileStore({
      endpoint: env.KABUTO_S3_ENDPOINT || `https://s3.${region}.amazonaws.com`,
      bucket: env.KABUTO_S3_BUCKET,
      region,
      accessKeyId,
      secretAccessKey,
      prefix: env.KABUTO_S3_PREFIX,
      serverSideEncryption: env.KABUTO_S3_SSE === '1',
    });
  }
  return new LocalFileStore(env.KABUTO_UPLOADS_DIR || `${env.KABUTO_DATA_DIR ?? './data'}/uploads`);
}
