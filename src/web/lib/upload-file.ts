import {
  confirmUploadContract,
  createUploadContract,
  errorCodes,
  errorResponseSchema,
  MAX_UPLOAD_BYTES,
  PURPOSE_CONTENT_TYPES,
  type PublicUploadPurpose,
  type StoredUpload,
  UPLOAD_TYPES,
  type UploadPurpose,
} from '../../shared/contract';
import { uploadMessages } from '../../shared/messages';
import { ApiError, callApi } from './api-client';

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

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

async function storageError(response: Response): Promise<ApiError> {
  // The body can be read once: ours answers JSON, S3 answers XML.
  const text = await response.text().catch(() => '');
  const parsed = errorResponseSchema.safeParse(parseJson(text));
  if (parsed.success) return new ApiError(response.status, parsed.data.code, parsed.data.message);
  // Of S3's errors, EntityTooLarge is the one a person can act on.
  const message = /EntityTooLarge/.test(text) ? uploadMessages.tooLarge : uploadMessages.uploadFailed;
  return new ApiError(response.status, errorCodes.upload_failed, message);
}

/**
 * Uploads one file the way every upload goes: ask our server for a target, send the file straight
 * to the storage, then have the server check what arrived. Answers where the file can be read.
 */
export async function uploadFile(file: File, purpose: PublicUploadPurpose): Promise<StoredUpload> {
  if (file.size > MAX_UPLOAD_BYTES)
    throw new ApiError(400, errorCodes.file_too_large, uploadMessages.tooLarge);
  const issued = await callApi(createUploadContract, {
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
    throw new ApiError(0, errorCodes.upload_failed, uploadMessages.uploadFailed);
  }
  if (!response.ok) throw await storageError(response);
  return callApi(confirmUploadContract, { params: { uuid: issued.uploadUUID } });
}
