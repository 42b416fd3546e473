import { useId, useState, type ReactNode } from 'react';
import type { CrystalTileRow } from '../../../shared/kinds/disk/disk-card';
import text from '../theme/text.module.css';
import { Button } from './Button';
import styles from './CrystalCard.module.css';
import { TermText } from './Term';

/** The tile's figure: MB/s with two decimals, as CrystalDiskMark's window shows it (its text has three). */
const tileFigure = (bytesPerSecond: number) => (bytesPerSecond / 1e6).toFixed(2);

/**
 * The eight figures people post, in one compact tile laid out as CrystalDiskMark shows them (MB/s of
 * 10^6 bytes, whatever unit the app is set to, so they compare with other posts), with the same
 * layout as text to copy. Each kind gives its rows, its text and a heading that says what ran where.
 */
export function CrystalCard(props: {
  heading: ReactNode;
  rows: readonly CrystalTileRow[];
  text: string;
  /** `<prefix>-card`, `<prefix>-copy`, `<prefix>-text`. */
  testIdPrefix: string;
}) {
  const titleId = useId();
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);
  const copy = () => {
    navigator.clipboard.writeText(props.text).then(
      () => setCopied('yes'),
      () => setCopied('failed'),
    );
  };
  return (
    <section className={styles.card} aria-labelledby={titleId} data-testid={`${props.testIdPrefix}-card`}>
      <h4 id={titleId} className={styles.title}>
        {props.heading} <span className={text.muted}>(MB/s)</span>
      </h4>
      <table className={styles.grid}>
        <thead>
          <tr>
            <td />
            <th scope="col">Read</th>
            <th scope="col">Write</th>
          </tr>
        </thead>
        <tbody>
          {props.rows.map((row) => (
            <tr key={row.label}>
              <th scope="row">
                <TermText text={row.label} />
              </th>
              {(['read', 'write'] as const).map((op) => {
                const figure = row[op];
                return (
                  <td key={op} data-cell={`${row.label} ${op}`}>
                    {figure === null ? (
                      <>
                        <span aria-hidden="true">—</span>
                        <span className="visually-hidden">not measured</span>
                      </>
                    ) : (
                      tileFigure(figure)
                    )}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
      <div className={styles.actions}>
        <Button size="small" onClick={copy} data-testid={`${props.testIdPrefix}-copy`}>
          Copy as text
        </Button>
        <span role="status" className={text.muted}>
          {copied === 'yes' ? 'Copied.' : copied === 'failed' ? 'Could not copy: select the text below instead.' : ''}
        </span>
      </div>
      <details open={copied === 'failed'}>
        <summary>Show as text</summary>
        {/* Wider than the tile, it scrolls in its own box: focusable, so the keyboard can scroll it too. */}
        <pre
          className={`${text.mono} ${styles.text}`}
          data-testid={`${props.testIdPrefix}-text`}
          tabIndex={0}
          role="region"
          aria-label="The figures as text"
        >
          {props.text}
        </pre>
      </details>
    </section>
  );
}
