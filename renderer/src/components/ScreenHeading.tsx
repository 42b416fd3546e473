import { useEffect, useRef, type ReactNode } from 'react';
import styles from './ScreenHeading.module.css';

/** On the first screen after start, focus stays at the top of the page, where a keyboard user begins. */
let firstScreenShown = false;

/**
 * The screen's main heading. When the user moves to another screen it takes focus, so
 * keyboard and screen reader users land at the top of the new content.
 */
export function ScreenHeading({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (!firstScreenShown) {
      firstScreenShown = true;
      return;
    }
    // Only when focus is in the menu or was lost with the button that led here.
    const active = document.activeElement;
    if (!active || active === document.body || active.closest('nav')) ref.current?.focus();
  }, []);
  return (
    <h1 className={styles.heading} tabIndex={-1} ref={ref}>
      {children}
    </h1>
  );
}
