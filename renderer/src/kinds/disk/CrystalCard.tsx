import { useState } from 'react';
import type { DiskRunDetails } from '../../../../shared/contract/disk';
import { crystalCells, crystalRows, crystalText } from '../../../../shared/kinds/disk/disk-card';
import { Button } from '../../components/Button';
import { Term, TermText } from '../../components/Term';
import text from '../../theme/text.module.css';
import styles from './CrystalCard.module.css';

/** The tile's figure: MB/s with two decimals, as CrystalDiskMark's window shows it (its text has three). */
const tileFigure = (bytesPerSecond: number) => (bytesPerSecond / 1e6).toFixed(2);

/**
 * The eight figures people post, in one compact tile laid out as CrystalDiskMark shows them (MB/s of
 * 10^6 bytes, whatever unit the app is set to, so they compare with other posts), with the same
 * layout as text to copy.
 */
export function CrystalCard({
  details,
}: {
  details: Pick<DiskRunDetails, 'engine' | 'folder' | 'fileSystem' | 'tests'>;
}) {
  const cells = crystalCells(details.tests);
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);
  const asText = crystalText(details);
  const copy = () => {
    navigator.clipboard.writeText(asText).then(
      () => setCopied('yes'),
      () => setCopied('failed'),
    );
  };
  return (
    <section className={styles.card} aria-labelledby="crystal-title" data-testid="crystal-card">
      <h4 id="crystal-title" className={styles.title}>
        In <Term id="crystaldiskmark">CrystalDiskMark</Term>’s layout <span className={text.muted}>(MB/s)</span>
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
          {crystalRows.map((row) => (
            <tr key={row.label}>
              <th scope="row">
                <TermText text={row.label} />
              </th>
              {(['read', 'write'] as const).map((op) => {
                const test = cells.find((cell) => cell.row === row.label && cell.op === op)?.test;
                return (
                  <td key={op} data-cell={`${row.label} ${op}`}>
                    {test ? tileFigure(test.bytesPerSecond) : <span aria-label="not measured">—</span>}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
      <div className={styles.actions}>
        <Button size="small" onClick={copy} data-testid="crystal-copy">
          Copy as text
        </Button>
        <span role="status" className={text.muted}>
          {copied === 'yes' ? 'Copied.' : copied === 'failed' ? 'Could not copy: select the text below instead.' : ''}
        </span>
      </div>
      <details open={copied === 'failed'}>
        <summary>Show as text</summary>
        <pre className={`${text.mono} ${styles.text}`} data-testid="crystal-text">
          {asText}
        </pre>
      </details>
    </section>
  );
}
