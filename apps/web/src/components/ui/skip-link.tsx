import { useEffect, useRef } from 'react';
import { signInMessages } from '@krowd/domain/messages/sign-in-messages';

/** The id of the page's main region, which the skip link and focus after navigation go to. */
export const mainContentId = 'main-content';

/**
 * 'Skip to main content', the first thing the keyboard reaches (WCAG 2.4.1): hidden until focused
 * (app/accessibility.css). The main region it names has tabIndex -1 so the browser moves focus there.
 */
export function SkipLink() {
  return (
    <a className="skip-link" href={`#${mainContentId}`}>
      {signInMessages.shell.skipToContent}
    </a>
  );
}

/**
 * After a move to another page (`pageKey` changes), focus goes to the page's main region unless it
 * is in there already (a page that focused its first field): a keyboard or screen-reader user
 * starts at the new page's heading, not on the link they followed (WCAG 2.4.3).
 */
export function useFocusMainOnNavigation(pageKey: string) {
  const shown = useRef(pageKey);
  useEffect(() => {
    if (shown.current === pageKey) return;
    shown.current = pageKey;
    const main = document.getElementById(mainContentId);
    if (main && !main.contains(document.activeElement)) main.focus();
  }, [pageKey]);
}
