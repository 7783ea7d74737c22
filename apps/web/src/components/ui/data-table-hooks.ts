import { useEffect, useRef, type FocusEvent } from 'react';
import { pageWithinLast, type Pagination as PaginationInfo } from '@krowd/domain/list/list.schema';
import { messages } from '@krowd/domain/messages/messages';
import { notify } from '@/lib/notify';

/** What the one list component (data-table.tsx) does beside drawing its rows. */

/**
 * A page past the last (?page=9 of 3, or the last page emptied) goes to the last page, saying so,
 * so the list never shows 'No data found.' while it has rows.
 */
export function usePageWithinLast(
  pagination: PaginationInfo | undefined,
  onPageChange: (page: number) => void,
) {
  const last = pagination ? pageWithinLast(pagination) : null;
  const asked = pagination?.page;
  // The answer past the end stays on screen until the last page's comes: move once for it.
  const moved = useRef<string | null>(null);
  useEffect(() => {
    if (last === null || asked === undefined) {
      moved.current = null;
      return;
    }
    if (moved.current === `${asked}/${last}`) return;
    moved.current = `${asked}/${last}`;
    notify.info(messages.list.pageBeyondLast(asked, last));
    onPageChange(last);
  }, [last, asked, onPageChange]);
}

const focusable = 'button:not([disabled]), a[href], input:not([disabled]), select, textarea, [tabindex="0"]';

/**
 * Keeps the keyboard's place in the list (WCAG 2.4.3): when what had focus in a row goes away (an
 * Approve button once the branch is approved, a row deleted) and focus falls to the page's body,
 * it goes to the same row's first control, or the row now in that place, or the list itself.
 */
export function useRowFocus(keys: string[]) {
  const containerRef = useRef<HTMLDivElement>(null);
  const last = useRef<{ element: HTMLElement; key: string; index: number } | null>(null);
  const handleFocus = (event: FocusEvent) => {
    const element = event.target as HTMLElement;
    const key = element.closest<HTMLElement>('[data-row-key]')?.dataset.rowKey;
    if (key) last.current = { element, key, index: keys.indexOf(key) };
  };
  // After every render: the list's rows are drawn anew as answers come, so is what was focused.
  useEffect(() => {
    const container = containerRef.current;
    const place = last.current;
    if (!container || !place || place.element.isConnected) return;
    const active = document.activeElement;
    if (active && active !== document.body) return;
    last.current = null;
    const rows = [...container.querySelectorAll<HTMLElement>('[data-row-key]')];
    const row =
      rows.find((candidate) => candidate.dataset.rowKey === place.key) ??
      rows[Math.min(place.index, rows.length - 1)];
    const target = row?.querySelector<HTMLElement>(focusable) ?? row ?? container;
    if (!target.matches(focusable)) target.tabIndex = -1;
    target.focus();
  });
  return { containerRef, handleFocus };
}
