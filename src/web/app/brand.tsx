import { createContext, type ReactNode, useContext } from 'react';
import type { BrandDetails } from '../../shared/contract/brand';
import { BRAND_DATA_ELEMENT_ID, ZONE_OFFSETS_ELEMENT_ID } from '../../shared/contract/brand-element';
import { parseZoneOffsets, registerZoneOffsets } from '../../shared/format/zone-offsets';

/**
 * The brand the server injected for this host, or null on a bare host. The server wrote it
 * through the brand contract's serialiser into this same page, so it is read without parsing it
 * again: that keeps zod and the contracts out of the landing page's first load.
 */
export function readInjectedBrand(): BrandDetails | null {
  const element = document.getElementById(BRAND_DATA_ELEMENT_ID);
  if (!element?.textContent) return null;
  try {
    return JSON.parse(element.textContent) as BrandDetails | null;
  } catch {
    return null;
  }
}

/**
 * Registers the tenant zone's offsets the server wrote into the page (decision 173): the tenant's
 * dates are then read without Intl, whose first formatter costs a phone a long task, and match
 * the server's rendering.
 */
export function registerInjectedZoneOffsets(): void {
  const text = document.getElementById(ZONE_OFFSETS_ELEMENT_ID)?.textContent;
  if (!text) return;
  try {
    const table = parseZoneOffsets(JSON.parse(text));
    if (table) registerZoneOffsets(table);
  } catch {
    // Not JSON: the dates are read through Intl, as without a table.
  }
}

export function readStyleNonce(): string | undefined {
  return document.querySelector<HTMLMetaElement>('meta[name="csp-nonce"]')?.content || undefined;
}

const BrandContext = createContext<BrandDetails | null>(null);

export function BrandProvider({ brand, children }: { brand: BrandDetails | null; children: ReactNode }) {
  return <BrandContext.Provider value={brand}>{children}</BrandContext.Provider>;
}

/** The tenant's brand; null on a bare host (www, localhost). */
export function useBrand(): BrandDetails | null {
  return useContext(BrandContext);
}

/** The tenant's time zone, for showing dates; the browser's own on a bare host. */
export function useTenantTimeZone(): string {
  return useBrand()?.timezone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
}
