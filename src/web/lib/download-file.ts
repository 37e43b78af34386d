import { ApiError } from './api-client';

/** Saves a file the browser holds as a download. */
export function saveFile(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}

/**
 * Downloads an API answer as a file, named by its Content-Disposition: a plain link cannot send
 * the signed-in Authorization header. A refusal throws an ApiError with the server's message.
 */
export async function downloadFile(options: { url: string; authorization: string; fallbackName: string }) {
  const response = await fetch(options.url, { headers: { authorization: options.authorization } });
  if (!response.ok) {
    const payload = (await response.json().catch(() => null)) as { message?: string } | null;
    throw new ApiError(
      response.status,
      'http_error',
      payload?.message ?? `Download failed (${response.status}).`,
    );
  }
  const disposition = response.headers.get('content-disposition') ?? '';
  const fileName = /filename="([^"]+)"/.exec(disposition)?.[1] ?? options.fallbackName;
  saveFile(await response.blob(), fileName);
}
