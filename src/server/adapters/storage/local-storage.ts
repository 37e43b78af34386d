import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { link, mkdir, open, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { UploadTarget } from '../../../shared/contract/uploads';
import type { Clock } from '../../clock';
import { isStorageKey } from './storage-keys';
import {
  SIGNATURE_BYTES,
  type StoragePort,
  type StoredObjectHead,
  type UploadTargetRequest,
} from './storage-port';

/** Where the local adapter's routes live, under the API prefix. */
export const LOCAL_UPLOAD_PATH = '/api/v1/storage/local/upload';
export const LOCAL_FILES_PATH = '/api/v1/storage/local/files';

export interface SignedUpload {
  key: string;
  contentType: string;
  maxBytes: number;
  /** Unix seconds. */
  expires: number;
}

export type SignatureProblem = 'invalid' | 'expired';

export class UploadAlreadyUsedError extends Error {}

/**
 * The embedded default: files under DATA_DIR/uploads, written by our own server through upload URLs
 * that carry an HMAC over key, type, size limit and expiry. A URL works once: the file is linked
 * into place only if nothing is there yet.
 */
export class LocalStorage implements StoragePort {
  readonly kind = 'local' as const;
  readonly browserOrigins: readonly string[] = [];

  constructor(
    readonly rootDir: string,
    private readonly secret: Buffer,
    private readonly clock: Clock,
  ) {}

  private sign(upload: SignedUpload): string {
    return createHmac('sha256', this.secret)
      .update([upload.key, upload.contentType, upload.maxBytes, upload.expires].join('\n'))
      .digest('base64url');
  }

  async createUploadTarget(request: UploadTargetRequest): Promise<UploadTarget> {
    const upload: SignedUpload = {
      key: request.key,
      contentType: request.contentType,
      maxBytes: request.maxBytes,
      expires: Math.floor(request.expiresAt.getTime() / 1000),
    };
    const query = new URLSearchParams({
      type: upload.contentType,
      max: String(upload.maxBytes),
      expires: String(upload.expires),
      signature: this.sign(upload),
    });
    return {
      method: 'PUT',
      url: `${LOCAL_UPLOAD_PATH}/${request.key}?${query}`,
      headers: { 'content-type': request.contentType },
    };
  }

  /** Null when the URL is genuine and current; otherwise what is wrong with it. */
  checkSignature(upload: SignedUpload, signature: string): SignatureProblem | null {
    const expected = Buffer.from(this.sign(upload));
    const given = Buffer.from(signature);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return 'invalid';
    if (upload.expires * 1000 < this.clock.now().getTime()) return 'expired';
    return null;
  }

  filePath(key: string): string {
    if (!isStorageKey(key)) throw new Error(`not a storage key: ${key}`);
    return path.join(this.rootDir, ...key.split('/'));
  }

  exists(key: string): boolean {
    return existsSync(this.filePath(key));
  }

  /** Writes the bytes under the key, unless something is already there (the URL was used). */
  async write(key: string, bytes: Uint8Array): Promise<void> {
    const target = this.filePath(key);
    await mkdir(path.dirname(target), { recursive: true });
    const partial = `${target}.${randomBytes(6).toString('hex')}.part`;
    await writeFile(partial, bytes, { flag: 'wx' });
    try {
      // link() never replaces an existing file, so two racing uploads cannot both win.
      await link(partial, target);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EEXIST') throw new UploadAlreadyUsedError();
      throw error;
    } finally {
      await unlink(partial).catch(() => {});
    }
  }

  readUrl(key: string): string {
    return `${LOCAL_FILES_PATH}/${key}`;
  }

  async inspect(key: string): Promise<StoredObjectHead | null> {
    const file = this.filePath(key);
    try {
      const { size } = await stat(file);
      const handle = await open(file, 'r');
      try {
        const head = Buffer.alloc(Math.min(SIGNATURE_BYTES, size));
        await handle.read(head, 0, head.length, 0);
        return { size, head: new Uint8Array(head) };
      } finally {
        await handle.close();
      }
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async remove(key: string): Promise<void> {
    await unlink(this.filePath(key)).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'ENOENT') throw error;
    });
  }
}

/**
 * The key that signs local upload URLs: STORAGE_SIGNING_SECRET when set, else one generated once
 * and kept beside the files, so every process that shares the folder accepts the same URLs.
 */
export function loadSigningSecret(rootDir: string, configured: string | undefined): Buffer {
  if (configured) return Buffer.from(configured, 'utf8');
  const file = path.join(rootDir, '.signing-key');
  mkdirSync(rootDir, { recursive: true });
  if (!existsSync(file)) {
    try {
      writeFileSync(file, randomBytes(32).toString('hex'), { flag: 'wx', mode: 0o600 });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  return Buffer.from(readFileSync(file, 'utf8').trim(), 'utf8');
}
