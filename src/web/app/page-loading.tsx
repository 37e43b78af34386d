import { Loader } from '@mantine/core';
import { useNavigation } from 'react-router';
import { commonMessages } from '../../shared/messages/common';

/**
 * Shown in the page area while the first page's chunk arrives. The spinner fades in only after a
 * moment (styles.css), so a fast load shows nothing; screen readers hear "Loading..." at once.
 */
export function PageLoading() {
  return (
    <div className="page-loading" role="status">
      <Loader size="sm" aria-hidden />
      <span className="visually-hidden">{commonMessages.loading}</span>
    </div>
  );
}

/**
 * While a link's page chunk loads, the current page stays and a thin bar runs along the top of the
 * window; it is fixed, so nothing moves. The status region is always present, so screen readers
 * announce the text when it appears.
 */
export function NavigationProgress() {
  const isLoading = useNavigation().state !== 'idle';
  return (
    <div className="navigation-progress" data-active={isLoading || undefined} role="status">
      {isLoading && <span className="visually-hidden">{commonMessages.loading}</span>}
    </div>
  );
}
