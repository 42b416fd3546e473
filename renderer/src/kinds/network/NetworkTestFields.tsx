import { useShallow } from 'zustand/react/shallow';
import type { ThroughDiskWay } from '../../../../shared/kinds/network/words';
import { RadioChoices, type RadioOption } from '../../components/Choices';
import { FieldGrid, FoldedFields, TextField } from '../../components/Field';
import { NasFolderField } from '../../components/NasFolderField';
import { useNetworkTestActions, useNetworkTestStore } from './store';

const ways: RadioOption<ThroughDiskWay>[] = [
  { value: 'to-disk', label: 'To the disks: this computer sends, the NAS writes', testId: 'disk-way-to-disk' },
  {
    value: 'from-disk',
    label: 'From the disks: the NAS reads and sends to this computer',
    testId: 'disk-way-from-disk',
  },
];

/** Straight to the NAS's disks: which way, and the folder on the NAS (the session's, as the disk test's). */
export function ThroughDiskFields({ id }: { id: string }) {
  const { way, folderProblem } = useNetworkTestStore(
    useShallow((state) => ({ way: state.diskWay, folderProblem: state.problems.folder })),
  );
  const { choose } = useNetworkTestActions();
  return (
    <>
      <RadioChoices
        legend="Way"
        name={`${id}-disk-way`}
        options={ways}
        value={way}
        onChange={(diskWay) => choose({ diskWay })}
      />
      <NasFolderField id={`${id}-disk`} problem={folderProblem} />
    </>
  );
}

/** TCP's write size (one test per size in a list) and the socket buffer at the NAS, folded away. */
export function TcpFields({ id }: { id: string }) {
  const form = useNetworkTestStore(
    useShallow((state) => ({
      writeSizes: state.writeSizes,
      socketBuffer: state.socketBuffer,
      throughDisks: state.throughDisks,
      problems: state.problems,
    })),
  );
  const { choose } = useNetworkTestActions();
  return (
    <FoldedFields summary="Advanced (TCP)" summaryTestId="network-advanced">
      <FieldGrid>
        <TextField
          id={`${id}-write-sizes`}
          label="TCP write size"
          testId="network-write-sizes"
          value={form.writeSizes}
          placeholder="128k"
          onChange={(writeSizes) => choose({ writeSizes })}
          problem={form.problems.writeSizes}
          help={
            form.throughDisks
              ? 'Bytes per write, e.g. 64k. Empty: iperf3’s 128k.'
              : 'Bytes per write, e.g. 64k; a list such as 4k, 64k, 128k runs one test per size. Empty: iperf3’s 128k.'
          }
        />
        <TextField
          id={`${id}-socket-buffer`}
          label="Socket buffer at the NAS"
          testId="network-socket-buffer"
          value={form.socketBuffer}
          placeholder="the NAS’s own"
          onChange={(socketBuffer) => choose({ socketBuffer })}
          problem={form.problems.socketBuffer}
          help="iperf3’s -w on the NAS, e.g. 4M. Empty: the NAS sizes it as the test goes."
        />
      </FieldGrid>
    </FoldedFields>
  );
}
