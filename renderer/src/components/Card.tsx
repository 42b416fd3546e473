import type { HTMLAttributes, ReactNode } from 'react';
import styles from './Card.module.css';
import { classNames } from './class-names';

/** One block of a screen on its own surface: a section named by its heading (`aria-labelledby`). */
export function Card({ className, children, ...props }: HTMLAttributes<HTMLElement> & { children: ReactNode }) {
  return (
    <section className={classNames(styles.card, className)} {...props}>
      {children}
    </section>
  );
}

/** The card's surface for something that is not a section of its own (a status line, say). */
export const cardClass = styles.card;
