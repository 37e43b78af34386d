import type { UploadTarget } from '../../../shared/contract/uploads';

/** A stored object's size and first bytes: enough to check its signature without reading it all. */
export interface StoredObjectHead {
  size: number;
  head: Uint8Array;
}

export interface UploadTargetRequest {
  /** Server-generated object key (see storage-keys.ts); never a name the browser chose. */
  key: string;
  contentType: string;
  /** The size the browser declared; adapters that sign an exact length use it. */
  size: number;
  maxBytes: number;
  expiresAt: Date;
}

/**
 * Where files go. The browser writes straight to the storage through a short-lived target this
 * port signs; the server then inspects what arrived and hands out read URLs. Every feature that
 * takes files (appeal photos, pass proofs) goes through this one interface.
 */
export interface StoragePort {
  readonly kind: 'local' | 's3';
  /** Origins the browser talks to besides our own (for the Content-Security-Policy). */
  readonly browserOrigins: readonly string[];
  createUploadTarget(request: UploadTargetRequest): Promise<UploadTarget>;
  /** Where the stored object can be read; stable, so records can keep it. */
  readUrl(key: string): string;
  /** Size and first bytes of the object, or null when nothing is stored under the key. */
  inspect(key: string): Promise<StoredObjectHead | null>;
  remove(key: string): Promise<void>;
}

/** How many leading bytes `inspect` returns: enough for every signature we check. */
export const SIGNATURE_BYTES = 64;
