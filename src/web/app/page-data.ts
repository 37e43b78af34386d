import type { DehydratedState } from '@tanstack/react-query';
import { PAGE_DATA_ELEMENT_ID } from '../../shared/contract/brand-element';

let pageQueries: DehydratedState | null | undefined;

/**
 * The queries the server rendered this page from (decision 158), or null when the page was
 * rendered in the browser. Read by the app before it hydrates, and by a page's code that starts
 * work before that (the report's map, decision 164): parsed once, as the document's data does not
 * change.
 */
export function readPageQueries(): DehydratedState | null {
  if (pageQueries !== undefined) return pageQueries;
  const text = document.getElementById(PAGE_DATA_ELEMENT_ID)?.textContent;
  try {
    pageQueries = text ? (JSON.parse(text) as DehydratedState) : null;
  } catch {
    pageQueries = null;
  }
  return pageQueries;
}
