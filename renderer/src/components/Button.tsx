import type { ButtonHTMLAttributes, ReactNode, Ref } from 'react';
import styles from './Button.module.css';
import { classNames } from './class-names';

interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  /** `primary` for the one action a card leads to. */
  variant?: 'primary' | 'plain';
  size?: 'small' | 'normal';
  ref?: Ref<HTMLButtonElement>;
}

/** The app's button: a plain `type="button"` unless told it submits its form. */
export function Button({ variant = 'plain', size = 'normal', type = 'button', className, ...props }: ButtonProps) {
  return (
    <button
      type={type}
      className={classNames(
        styles.button,
        variant === 'primary' && styles.primary,
        size === 'small' && styles.small,
        className,
      )}
      {...props}
    />
  );
}

/**
 * A row of buttons (and the status line that goes with them). `sticky`: a long form's start row stays
 * at the foot of the window while any of the form is in view.
 */
export function Actions({ children, sticky = false }: { children: ReactNode; sticky?: boolean }) {
  return <div className={classNames(styles.actions, sticky && styles.sticky)}>{children}</div>;
}
