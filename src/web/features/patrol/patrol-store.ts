import { type DBSchema, deleteDB, type IDBPDatabase, openDB } from 'idb';
import type { PlateSnapshot } from '../../../shared/contract';

/** A scan as the enforcement call takes it (one item of POST /enforcement/scans). */
export interface ScanPayload {
  clientId: string;
  capturedAt: string;
  plate: string;
  /** Null when the officer's phone gave no position. */
  latitude: number | null;
  longitude: number | null;
  alertMessage: string | null;
}

/** A notice as POST /enforcement/citations takes it, less its photos (uploaded when sent). */
export interface NoticePayload {
  clientId: string;
  citationName: string;
  plate: string;
  location: string | null;
  comments: string | null;
  make: string | null;
  color: string | null;
  createdOn: string;
}

export type OutboxStatus = 'waiting' | 'sent' | 'duplicate' | 'refused';

/**
 * One thing the officer did, kept on the phone until the server has it (and for the shift's list
 * after): sent in `seq` order, exactly once thanks to its client id (decisions 121, 122).
 */
export type OutboxItem = {
  seq?: number;
  clientId: string;
  plate: string;
  createdAt: string;
  status: OutboxStatus;
  /** Why the server refused it, in its words. */
  message?: string;
} & (
  | {
      kind: 'scan';
      scan: ScanPayload;
      /** The photo of the plate, uploaded just before the scan is sent. */
      photo?: Blob;
      uploadUUID?: string;
    }
  | {
      kind: 'notice';
      notice: NoticePayload;
      photos: Blob[];
      /** Uploads already made for `photos`, in order, so a retry does not upload them again. */
      uploadUUIDs: string[];
    }
);

interface PatrolSchema extends DBSchema {
  outbox: { key: number; value: OutboxItem; indexes: { status: OutboxStatus } };
  meta: { key: string; value: unknown };
}

const DATABASE = 'patrol';
let opened: Promise<IDBPDatabase<PatrolSchema>> | null = null;

function database() {
  opened ??= openDB<PatrolSchema>(DATABASE, 1, {
    upgrade(db) {
      const outbox = db.createObjectStore('outbox', { keyPath: 'seq', autoIncrement: true });
      outbox.createIndex('status', 'status');
      db.createObjectStore('meta');
    },
  });
  return opened;
}

export async function addToOutbox(item: OutboxItem): Promise<number> {
  return (await database()).add('outbox', item);
}

export async function updateOutboxItem(item: OutboxItem): Promise<void> {
  await (await database()).put('outbox', item);
}

/** Everything of the shift, oldest first. */
export async function listOutbox(): Promise<OutboxItem[]> {
  return (await database()).getAll('outbox');
}

export async function waitingItems(): Promise<OutboxItem[]> {
  const items = await (await database()).getAllFromIndex('outbox', 'status', 'waiting');
  return items.sort((a, b) => (a.seq ?? 0) - (b.seq ?? 0));
}

export async function readMeta<Value>(
  key: 'snapshot' | 'lastSync' | 'shiftStart',
): Promise<Value | undefined> {
  return (await (await database()).get('meta', key)) as Value | undefined;
}

export async function writeMeta(key: 'snapshot' | 'lastSync' | 'shiftStart', value: unknown): Promise<void> {
  await (await database()).put('meta', value, key);
}

export const readSnapshot = () => readMeta<PlateSnapshot>('snapshot');

/** Signing out: nothing of the shift stays on the phone. */
export async function clearPatrolStore(): Promise<void> {
  const db = await opened;
  db?.close();
  opened = null;
  await deleteDB(DATABASE);
}
