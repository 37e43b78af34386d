import {
  createFieldCitationContract,
  createPatrolUploadContract,
  plateSnapshotContract,
  recordScansContract,
} from '../../../shared/contract';
import { uploadMessages } from '../../../shared/messages';
import { ApiError, callApi } from '../../lib/api-client';
import { readOperatorToken } from '../operator/operator-session';
import { type OutboxItem, updateOutboxItem, waitingItems, writeMeta } from './patrol-store';

const asOfficer = () => ({ authorization: readOperatorToken() });

/** Whether a failure means "try again later" (no network, the server away) rather than a refusal. */
export const isTransient = (error: unknown) =>
  !(error instanceof ApiError) || error.status === 0 || error.status === 429 || error.status >= 500;

/** Fetches a fresh snapshot of covered plates and keeps it on the phone (decision 194). */
export async function refreshSnapshot() {
  const snapshot = await callApi(plateSnapshotContract, {}, asOfficer());
  await writeMeta('snapshot', snapshot);
  return snapshot;
}

/** Uploads one patrol photo to the storage port; answers its upload uuid. */
async function uploadPhoto(photo: Blob, index: number): Promise<string> {
  const contentType = photo.type || 'image/jpeg';
  const extension = contentType.split('/')[1] ?? 'jpg';
  const issued = await callApi(
    createPatrolUploadContract,
    { body: { fileName: `photo-${index + 1}.${extension}`, contentType, size: photo.size } },
    asOfficer(),
  );
  const { target } = issued;
  let response: Response;
  try {
    if (target.method === 'PUT') {
      response = await fetch(target.url, { method: 'PUT', headers: target.headers, body: photo });
    } else {
      const form = new FormData();
      for (const [name, value] of Object.entries(target.fields)) form.append(name, value);
      form.append('file', photo);
      response = await fetch(target.url, { method: 'POST', body: form });
    }
  } catch {
    throw new ApiError(0, 'upload_failed', uploadMessages.uploadFailed);
  }
  if (!response.ok) throw new ApiError(response.status, 'upload_failed', uploadMessages.uploadFailed);
  return issued.uploadUUID;
}

async function sendScan(item: Extract<OutboxItem, { kind: 'scan' }>): Promise<OutboxItem> {
  try {
    let uploadUUID = item.uploadUUID;
    if (item.photo && !uploadUUID) {
      uploadUUID = await uploadPhoto(item.photo, 0);
      await updateOutboxItem({ ...item, uploadUUID });
    }
    const scan = uploadUUID ? { ...item.scan, photoUploadUUID: uploadUUID } : item.scan;
    const answer = await callApi(recordScansContract, { body: { scans: [scan] } }, asOfficer());
    const result = answer.results[0];
    if (result?.status === 'rejected') {
      const message = result.errors.map((error) => `${error.field}: ${error.message}`).join(' ');
      return { ...item, status: 'refused', message };
    }
    return { ...item, status: result?.status === 'duplicate' ? 'duplicate' : 'sent' };
  } catch (error) {
    if (isTransient(error) || (error as ApiError).status === 401) throw error;
    return { ...item, status: 'refused', message: (error as Error).message };
  }
}

async function sendNotice(item: Extract<OutboxItem, { kind: 'notice' }>): Promise<OutboxItem> {
  try {
    const uploadUUIDs = [...item.uploadUUIDs];
    for (let index = uploadUUIDs.length; index < item.photos.length; index++) {
      uploadUUIDs.push(await uploadPhoto(item.photos[index] as Blob, index));
      // Kept at once: a retry after a lost connection uploads only the photos still missing.
      await updateOutboxItem({ ...item, uploadUUIDs });
    }
    const answer = await callApi(
      createFieldCitationContract,
      { body: { ...item.notice, photoUploadUUIDs: uploadUUIDs } },
      asOfficer(),
    );
    return { ...item, uploadUUIDs, status: answer.isNew ? 'sent' : 'duplicate' };
  } catch (error) {
    if (isTransient(error) || (error as ApiError).status === 401) throw error;
    return { ...item, status: 'refused', message: (error as Error).message };
  }
}

let running: Promise<void> | null = null;

/**
 * Sends what waits on the phone, oldest first, one at a time: the first that cannot be sent for
 * want of a network (or a session) stops the run, so later items never overtake it. A refusal is
 * kept on the item (shown in My shift), never dropped. One run at a time per page.
 */
export function syncOutbox(): Promise<void> {
  running ??= (async () => {
    try {
      for (const item of await waitingItems()) {
        const done = item.kind === 'scan' ? await sendScan(item) : await sendNotice(item);
        await updateOutboxItem(done);
      }
      await writeMeta('lastSync', new Date().toISOString());
    } finally {
      running = null;
    }
  })();
  return running;
}
