import { AwsClient } from 'aws4fetch';
import { newStorageKey, storageKeyOk, type FileStore } from './file-store';

/**
 * Uploads in an S3-compatible object store (AWS S3, MinIO, Ceph RGW, R2...) for scale-out
 * (docs/decisions/021-scale-out.md): every instance reads what any instance stored. Requests are
 * signed with SigV4 by aws4fetch (a few KB, no SDK); objects are addressed path-style
 * (`<endpoint>/<bucket>/<prefix><key>`), which every S3-compatible server accepts. The bucket stays
 * private: no ACL is set, no presigned URL is handed out, reads go through `GET uploads/{id}`, which
 * checks the owner or an admin first (docs/domain.md "Uploads").
 */
export interface S3Options {
  /** e.g. https://s3.ap-northeast-1.amazonaws.com or http://127.0.0.1:9000 */
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Key prefix inside the bucket (default `uploads/`). */
  prefix?: string;
  /** Ask for server-side encryption (AES256) on every object. */
  serverSideEncryption?: boolean;
}

export class S3FileStore implements FileStore {
  private readonly client: AwsClient;
  private readonly base: string;

  constructor(private readonly opts: S3Options) {
    this.client = new AwsClient({ accessKeyId: opts.accessKeyId, secretAccessKey: opts.secretAccessKey, region: opts.region, service: 's3' });
    this.base = `${opts.endpoint.replace(/\/+$/, '')}/${encodeURIComponent(opts.bucket)}/${opts.prefix ?? 'uploads/'}`;
  }

  private urlOf(key: string): string {
    if (!storageKeyOk(key)) throw new Error('malformed storage key');
    return this.base + key;
  }

  async put(bytes: Uint8Array): Promise<string> {
    const key = newStorageKey();
    const headers: Record<string, string> = { 'content-type': 'application/octet-stream' };
    if (this.opts.serverSideEncryption) headers['x-amz-server-side-encryption'] = 'AES256';
    const res = await this.client.fetch(this.urlOf(key), { method: 'PUT', body: bytes, headers });
    if (!res.ok) throw new Error(`S3 PutObject failed: ${res.status} ${await res.text()}`);
    return key;
  }

  async get(key: string): Promise<Uint8Array | null> {
    const res = await this.client.fetch(this.urlOf(key), { method: 'GET' });
    if (res.status === 404) {
      await res.body?.cancel();
      return null;
    }
    if (!res.ok) throw new Error(`S3 GetObject failed: ${res.status} ${await res.text()}`);
    return new Uint8Array(await res.arrayBuffer());
  }

  async delete(key: string): Promise<void> {
    const res = await this.client.fetch(this.urlOf(key), { method: 'DELETE' });
    // S3 answers 204 whether or not the object existed.
    if (!res.ok && res.status !== 404) throw new Error(`S3 DeleteObject failed: ${res.status} ${await res.text()}`);
    await res.body?.cancel();
  }
}
