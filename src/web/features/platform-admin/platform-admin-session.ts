/** The platform admin's token, apart from operators' and customers' (bare host only). */
const KEY = 'platformAdminJwt';

export function readPlatformAdminToken(): string | null {
  return window.localStorage.getItem(KEY);
}

export function storePlatformAdminToken(jwtToken: string) {
  window.localStorage.setItem(KEY, `Bearer ${jwtToken}`);
}

export function clearPlatformAdminToken() {
  window.localStorage.removeItem(KEY);
}
