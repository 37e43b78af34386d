import { createContext, type ReactNode, useContext } from 'react';
import { BRAND_DATA_ELEMENT_ID, type BrandDetails, brandDetailsSchema } from '../../shared/contract';

/** The brand the server injected for this host, or null on a bare host. */
export function readInjectedBrand(): BrandDetails | null {
  const element = document.getElementById(BRAND_DATA_ELEMENT_ID);
  if (!element?.textContent) return null;
  const parsed = brandDetailsSchema.nullable().safeParse(JSON.parse(element.textContent));
  return parsed.success ? parsed.data : null;
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
