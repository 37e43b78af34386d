import path from 'node:path';
import type { Clock } from '../../clock';
import type { Config } from '../../config';
import { LocalStorage, loadSigningSecret } from './local-storage';
import { S3Storage } from './s3-storage';
import type { StoragePort } from './storage-port';

/** The S3 adapter when S3_BUCKET is set, otherwise files under DATA_DIR/uploads. */
export function createStorage(config: Config, clock: Clock): StoragePort {
  if (config.S3_BUCKET) {
    return new S3Storage(
      {
        bucket: config.S3_BUCKET,
        region: config.S3_REGION,
        endpoint: config.S3_ENDPOINT,
        accessKeyId: config.S3_ACCESS_KEY_ID,
        secretAccessKey: config.S3_SECRET_ACCESS_KEY,
        publicUrl: config.S3_PUBLIC_URL,
        forcePathStyle: config.S3_FORCE_PATH_STYLE,
        uploadMethod: config.S3_UPLOAD_METHOD,
      },
      clock,
    );
  }
  const rootDir = path.resolve(config.DATA_DIR, 'uploads');
  return new LocalStorage(rootDir, loadSigningSecret(rootDir, config.STORAGE_SIGNING_SECRET), clock);
}
