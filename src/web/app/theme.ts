import {
  type AutocompleteProps,
  type CSSVariablesResolver,
  colorsTuple,
  createTheme,
  type PasswordInputProps,
  type SelectProps,
} from '@mantine/core';
import type { KeyboardEvent } from 'react';
import type { BrandDetails } from '../../shared/contract';
import { commonMessages } from '../../shared/messages/common';
import { DEFAULT_BRAND_COLOR, readableOnWhite } from '../../shared/rules/luminance';

/** Mantine theme in the tenant's colour; autoContrast picks readable text on brand-filled buttons. */
export function createBrandTheme(brand: BrandDetails | null) {
  return createTheme({
    primaryColor: 'brand',
    colors: { brand: colorsTuple(`#${brand?.brandColor ?? DEFAULT_BRAND_COLOR}`) },
    autoContrast: true,
    defaultRadius: 'md',
    fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    components: {
      // A loader is named by its aria-label, which ARIA allows only on an element with a role:
      // as a status it is also announced to screen readers while the page loads.
      Loader: { defaultProps: { role: 'status' } },
      // Mantine takes the show/hide toggle out of the Tab order; keyboard users need it too.
      // aria-pressed (set by Mantine) tells whether the password is shown.
      PasswordInput: withDefaultProps<PasswordInputProps>({
        visibilityToggleFocusable: true,
        visibilityToggleButtonProps: { 'aria-label': commonMessages.showPassword },
      }),
      // A searchable Select (or an Autocomplete) is an <input> to the browser, so Enter with no
      // option highlighted submitted its form (issue 27). As on a native <select>, Enter only
      // picks an option; Mantine still handles that.
      Select: withDefaultProps<SelectProps>({ onKeyDown: keepEnterInSelect }),
      Autocomplete: withDefaultProps<AutocompleteProps>({ onKeyDown: keepEnterInSelect }),
    },
  });
}

/**
 * A component's theme entry, its default props checked against the component's props. Written
 * without the component (`Select.extend(...)` would import it): the theme is on every page, and
 * importing Select, Autocomplete and PasswordInput brought them, Combobox, Popover and Floating
 * UI into the landing page's bundle, about 30 KiB gzipped (decision 246).
 */
function withDefaultProps<Props>(defaultProps: Partial<Props>) {
  return { defaultProps };
}

function keepEnterInSelect(event: KeyboardEvent<HTMLInputElement>) {
  if (event.key === 'Enter') event.preventDefault();
}

/**
 * Text drawn in the brand colour (links, outline buttons and badges) uses a variant that stays
 * readable on white, whatever colour the operator picked; dimmed text is dark enough for AA.
 */
export function createCssVariablesResolver(brand: BrandDetails | null): CSSVariablesResolver {
  const brandText = `#${readableOnWhite(brand?.brandColor)}`;
  const shared = {
    '--mantine-color-anchor': brandText,
    '--mantine-color-brand-outline': brandText,
    '--mantine-color-brand-light-color': brandText,
    '--mantine-color-dimmed': '#495057',
    // Mantine's default error red (#fa5252) is below AA on white; red.9 passes.
    '--mantine-color-error': '#c92a2a',
    '--mantine-color-red-light-color': '#c92a2a',
  };
  return () => ({ variables: {}, light: shared, dark: shared });
}
