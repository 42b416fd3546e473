import { coresWords as cores, percentWords as percent } from '../../../../shared/verdicts/nas-views';
import { useRunsStore } from '../../stores/runs';
import text from '../../theme/text.module.css';

/**
 * What the NAS itself is doing this second, beside the throughput chart (#33): its CPU (and its
 * busiest core, which is what one SMB or iperf3 connection can use), the busiest process, and how
 * busy its drives are. Shown only for runs with a NAS login, once the first second has arrived.
 */
export function NasPanel({ runId }: { runId: string }) {
  const nas = useRunsStore((state) => state.runs[runId]?.nas);
  if (!nas) return null;
  return (
    <section aria-labelledby="nas-panel-title" data-testid="nas-panel">
      <h3 id="nas-panel-title">The NAS itself, now</h3>
      <dl>
        <div>
          <dt>Processor</dt>
          <dd data-testid="nas-panel-cpu">
            {percent(nas.cpuBusy)} busy (busiest core {percent(nas.coreMax)})
          </dd>
        </div>
        <div>
          <dt>Busiest process</dt>
          <dd data-testid="nas-panel-process">
            {nas.busiest ? `${nas.busiest.name}, ${cores(nas.busiest.cpu)}` : '—'}
          </dd>
        </div>
        <div>
          <dt>Drives</dt>
          <dd data-testid="nas-panel-disks">
            {nas.disks.length > 0
              ? nas.disks.map((disk) => `${disk.name} ${percent(disk.busy)} busy`).join(', ')
              : 'no drive was used'}
          </dd>
        </div>
      </dl>
      <p className={text.muted}>Read once a second on the NAS while the test runs; saved with the results.</p>
    </section>
  );
}
