// Before anything that builds a zod schema (see the module).
import './lib/zod-without-eval';
import './app/mantine-landing.css';
import './app/styles.css';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { setNonce } from 'get-nonce';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { BrandProvider, readInjectedBrand, readStyleNonce } from './app/brand';
import { createAppRouter } from './app/router';
import { createBrandTheme, createCssVariablesResolver } from './app/theme';
import { ApiError } from './lib/api-error';

const brand = readInjectedBrand();
const styleNonce = readStyleNonce();
// Modals lock page scrolling with a <style> element (react-remove-scroll); without the nonce the
// strict CSP blocks it.
if (styleNonce) setNonce(styleNonce);
const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      // A 4xx will not change on retry; only network trouble and 5xx are worth another go.
      retry: (failureCount, error) =>
        !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failureCount < 2,
    },
  },
});
const router = createAppRouter();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <MantineProvider
      theme={createBrandTheme(brand)}
      cssVariablesResolver={createCssVariablesResolver(brand)}
      getStyleNonce={() => styleNonce ?? ''}
    >
      <BrandProvider brand={brand}>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </BrandProvider>
    </MantineProvider>
  </StrictMode>,
);
