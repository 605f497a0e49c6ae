// Dashboard tables (SPEC §9): 10 rows a page, at most 6 page numbers shown, the current page kept
// with up to 3 pages before it (the window) unless the list ends first.

import { DASHBOARD_PAGE_COUNT, DASHBOARD_PAGE_SIZE, DASHBOARD_PAGINATION_WINDOW } from './constants';

export function pageCount(total: number, pageSize: number = DASHBOARD_PAGE_SIZE): number {
  return Math.max(1, Math.ceil(Math.max(0, total) / pageSize));
}

/** The page numbers to show for `current` of `pages`. */
export function visiblePages(current: number, pages: number): number[] {
  const last = Math.max(1, pages);
  const page = Math.min(Math.max(1, current), last);
  const start = Math.max(1, Math.min(page - DASHBOARD_PAGINATION_WINDOW, last - DASHBOARD_PAGE_COUNT + 1));
  const end = Math.min(last, start + DASHBOARD_PAGE_COUNT - 1);
  return Array.from({ length: end - start + 1 }, (_, i) => start + i);
}
