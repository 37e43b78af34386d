import { MantineProvider } from '@mantine/core';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, StrictMode } from 'react';
import type { BrandDetails } from '../../shared/contract/brand';
import { BrandProvider } from './brand';
import { createBrandTheme, createCssVariablesResolver } from './theme';
import { HydrationProvider } from './use-is-hydrated';

/**
 * Everything around the router: the brand's Mantine theme (its style tag carries the CSP nonce),
 * the brand and the query cache. The browser and the server renderer wrap the app in the same
 * providers, so what the server wrote is what the browser hydrates.
 */
export function AppProviders({
  brand,
  styleNonce,
  queryClient,
  isServerRendered,
  children,
}: {
  brand: BrandDetails | null;
  styleNonce: string | undefined;
  queryClient: QueryClient;
  /** Rendered on the server, or hydrating what the server rendered (decision 158). */
  isServerRendered: boolean;
  children: ReactNode;
}) {
  return (
    <StrictMode>
      <MantineProvider
        theme={createBrandTheme(brand)}
        cssVariablesResolver={createCssVariablesResolver(brand)}
        getStyleNonce={() => styleNonce ?? ''}
      >
        <BrandProvider brand={brand}>
          <QueryClientProvider client={queryClient}>
            <HydrationProvider isServerRendered={isServerRendered}>{children}</HydrationProvider>
          </QueryClientProvider>
        </BrandProvider>
      </MantineProvider>
    </StrictMode>
  );
}
