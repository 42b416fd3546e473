import type { CSSProperties, ReactNode } from 'react';
import styles from './ChartBox.module.css';

/** The box a chart's canvas fills: its height is the chart's. */
export function ChartBox({
  height,
  margin,
  testId,
  children,
}: {
  height: CSSProperties['height'];
  margin?: CSSProperties['margin'];
  testId?: string;
  children: ReactNode;
}) {
  return (
    <div className={styles.box} style={{ height, margin }} data-testid={testId}>
      {children}
    </div>
  );
}
