import type { DehydratedState } from '@tanstack/react-query';
import { PAGE_DATA_ELEMENT_ID } from '../../shared/contract/brand-element';

/**
 * The queries the server rendered this page from (decision 158), or null when the page was
 * rendered in the browser. Read by the app before it hydrates, and by a page's code that starts
 * work before that (the report's map, decision 164).
 */
export function readPageQueries(): DehydratedState | null {
  const element = document.getElementById(PAGE_DATA_ELEMENT_ID);
  if (!element?.textContent) return null;
  try {
    return JSON.parse(element.textContent) as DehydratedState;
  } catch {
    return null;
  }
}
