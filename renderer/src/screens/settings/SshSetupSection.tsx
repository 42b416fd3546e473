import { SshSetupHelp } from '../../components/SshSetupHelp';
import { useNasConnectionStore } from '../../stores/nas-connection';
import text from '../../theme/text.module.css';

/** SSH set-up help before any connection fails: for the connected NAS's brand (from its probe), else chosen. */
export function SshSetupSection() {
  const vendor = useNasConnectionStore((state) => state.probe?.nas.os.vendor ?? null);
  return (
    <section aria-labelledby="ssh-setup-title" data-testid="settings-ssh-setup">
      <h2 id="ssh-setup-title">Letting NASBench log in to your NAS</h2>
      <p className={text.muted}>
        NASBench runs its tests on the NAS over SSH, which most NASes ship switched off. Here is where to switch it on,
        and which account to use.
      </p>
      <SshSetupHelp vendor={vendor} testId="settings-ssh-help" />
    </section>
  );
}
