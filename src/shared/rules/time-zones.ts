/**
 * IANA time zones. The list offered in the console comes from the runtime (Intl); a zone is valid
 * when the runtime can format dates in it, so 'UTC' and zones a browser lists differently still pass.
 */
export function isValidTimeZone(zone: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+\-/]{0,63}$/.test(zone)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** The zones to choose from, with 'UTC' first; empty where the runtime cannot list them. */
export function listTimeZones(): string[] {
  const supported = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return ['UTC', ...supported.filter((zone) => zone !== 'UTC')];
}
