import type { PublicUploadPurpose } from '../../src/shared/contract';
import type { TestApp } from './test-app';

/** Uploads one file through the API as a browser would with the local adapter: ask, PUT, confirm. */
export async function uploadThroughApi(
  t: TestApp,
  subdomain: string,
  bytes: Buffer,
  options: {
    contentType?: string;
    fileName?: string;
    purpose?: PublicUploadPurpose;
    confirm?: boolean;
  } = {},
) {
  const contentType = options.contentType ?? 'image/png';
  const issued = await t.request(subdomain, {
    method: 'POST',
    url: '/api/v1/uploads',
    payload: {
      purpose: options.purpose ?? 'appeal-photo',
      fileName: options.fileName ?? 'photo.png',
      contentType,
      size: bytes.length,
    },
  });
  if (issued.statusCode !== 200) throw new Error(`issue failed: ${issued.statusCode} ${issued.body}`);
  const upload = issued.json();
  const put = await t.request(subdomain, {
    method: 'PUT',
    url: upload.target.url,
    headers: upload.target.headers,
    payload: bytes,
  });
  const confirmed =
    options.confirm === false
      ? null
      : await t.request(subdomain, { method: 'POST', url: `/api/v1/uploads/${upload.uploadUUID}/confirm` });
  return { upload, put, confirmed, fileUrl: upload.fileUrl as string };
}
