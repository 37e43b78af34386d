import { randomBytes } from 'node:crypto';
import { UPLOAD_PURPOSES, UPLOAD_TYPES, type UploadPurpose } from '../../../shared/contract/uploads';

const EXTENSIONS = Object.values(UPLOAD_TYPES).flat();
const EXTENSION_PATTERN = EXTENSIONS.join('|');

/** {tenant uuid}/{purpose}/{32 random hex}.{extension}: the only shape of key we create or serve. */
export const STORAGE_KEY_PATTERN = new RegExp(
  `^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/(${UPLOAD_PURPOSES.join('|')})/[0-9a-f]{32}\\.(${EXTENSION_PATTERN})$`,
);

export function isStorageKey(key: string): boolean {
  return STORAGE_KEY_PATTERN.test(key);
}

/** A fresh random key under the tenant's prefix; the extension is the only part of the user's name kept. */
export function createStorageKey(tenantId: string, purpose: UploadPurpose, extension: string): string {
  return `${tenantId}/${purpose}/${randomBytes(16).toString('hex')}.${extension}`;
}

export function tenantIdOfKey(key: string): string {
  return key.split('/')[0]!;
}

/** The content type an extension stands for, used when serving a stored file back. */
export function contentTypeForKey(key: string): string {
  const extension = key.slice(key.lastIndexOf('.') + 1);
  const entry = Object.entries(UPLOAD_TYPES).find(([, extensions]) =>
    (extensions as readonly string[]).includes(extension),
  );
  return entry ? entry[0] : 'application/octet-stream';
}
