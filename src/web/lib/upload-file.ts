import {
  createUploadContract,
  MAX_UPLOAD_BYTES,
  PURPOSE_CONTENT_TYPES,
  type StoredUpload,
  storedUploadSchema,
  UPLOAD_TYPES,
  type UploadPurpose,
} from '../../shared/contract';
import { errorResponseSchema } from '../../shared/contract/common';
import { uploadMessages } from '../../shared/messages';
import { ApiError, apiRequest, segment } from './api-client';

/** Some browsers give no type for HEIC photos; the extension tells. */
function contentTypeOf(file: File): string {
  if (file.type) return file.type.toLowerCase();
  const extension = file.name.slice(file.name.lastIndexOf('.') + 1).toLowerCase();
  const match = Object.entries(UPLOAD_TYPES).find(([, extensions]) =>
    (extensions as readonly string[]).includes(extension),
  );
  return match?.[0] ?? 'application/octet-stream';
}

/** The accept attribute of a file input for a purpose. */
export function acceptFor(purpose: UploadPurpose): string {
  return PURPOSE_CONTENT_TYPES[purpose]
    .flatMap((type) => [type, ...UPLOAD_TYPES[type].map((extension) => `.${extension}`)])
    .join(',');
}

async function storageError(response: Response): Promise<ApiError> {
  const parsed = errorResponseSchema.safeParse(await response.json().catch(() => null));
  if (parsed.success) return new ApiError(response.status, parsed.data.code, parsed.data.message);
  // S3 answers XML; its EntityTooLarge is the one a person can act on.
  const text = await response.text().catch(() => '');
  const message = /EntityTooLarge/.test(text) ? uploadMessages.tooLarge : uploadMessages.uploadFailed;
  return new ApiError(response.status, 'upload_failed', message);
}

/**
 * Uploads one file the way every upload goes: ask our server for a target, send the file straight
 * to the storage, then have the server check what arrived. Answers where the file can be read.
 */
export async function uploadFile(file: File, purpose: UploadPurpose): Promise<StoredUpload> {
  if (file.size > MAX_UPLOAD_BYTES) throw new ApiError(400, 'file_too_large', uploadMessages.tooLarge);
  const issued = await apiRequest(createUploadContract.path, createUploadContract.response, {
    method: 'POST',
    body: { purpose, fileName: file.name, contentType: contentTypeOf(file), size: file.size },
  });
  const { target } = issued;
  let response: Response;
  try {
    if (target.method === 'PUT') {
      response = await fetch(target.url, { method: 'PUT', headers: target.headers, body: file });
    } else {
      const form = new FormData();
      for (const [name, value] of Object.entries(target.fields)) form.append(name, value);
      form.append('file', file);
      response = await fetch(target.url, { method: 'POST', body: form });
    }
  } catch {
    throw new ApiError(0, 'upload_failed', uploadMessages.uploadFailed);
  }
  if (!response.ok) throw await storageError(response);
  return apiRequest(`/uploads/${segment(issued.uploadUUID)}/confirm`, storedUploadSchema, { method: 'POST' });
}
