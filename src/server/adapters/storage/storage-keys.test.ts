import { describe, expect, it } from 'vitest';
import { contentTypeForKey, createStorageKey, isStorageKey, tenantIdOfKey } from './storage-keys';

const TENANT = '0b8f6c0e-3f5a-4c1e-9a63-2d1f4b7a9e10';

describe('storage keys', () => {
  it('puts a random name with the extension under the tenant and purpose', () => {
    const key = createStorageKey(TENANT, 'appeal-photo', 'jpg');
    expect(key).toMatch(new RegExp(`^${TENANT}/appeal-photo/[0-9a-f]{32}\\.jpg$`));
    expect(isStorageKey(key)).toBe(true);
    expect(tenantIdOfKey(key)).toBe(TENANT);
    expect(createStorageKey(TENANT, 'appeal-photo', 'jpg')).not.toBe(key);
  });

  it.each([
    `${TENANT}/appeal-photo/../../etc/passwd`,
    `${TENANT}/appeal-photo/${'a'.repeat(32)}.exe`,
    `${TENANT}/other/${'a'.repeat(32)}.png`,
    `../${TENANT}/appeal-photo/${'a'.repeat(32)}.png`,
    `${TENANT}/appeal-photo/${'a'.repeat(32)}.png/x`,
    `${TENANT}\\appeal-photo\\${'a'.repeat(32)}.png`,
  ])('refuses %s', (key) => {
    expect(isStorageKey(key)).toBe(false);
  });

  it('serves each extension with its type', () => {
    expect(contentTypeForKey(`x/${'a'.repeat(32)}.jpeg`)).toBe('image/jpeg');
    expect(contentTypeForKey(`x/${'a'.repeat(32)}.heif`)).toBe('image/heic');
    expect(contentTypeForKey(`x/${'a'.repeat(32)}.pdf`)).toBe('application/pdf');
  });
});
