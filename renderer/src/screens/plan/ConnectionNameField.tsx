import { suggestConnectionName } from '../../../../shared/words/connection';
import { TextField } from '../../components/Field';
import { usePlanActions, usePlanStore } from '../../stores/plan';
import { useNasConnectionStore } from '../../stores/nas-connection';

/** The names people give the links they compare; any words of their own do too. */
const commonNames = ['Wi-Fi', 'Cable', 'USB adapter'];

/**
 * What the user calls the connection this run goes over, suggested from the interface the NAS is
 * reached by: the run is named and compared by it, so a "Wi-Fi" run is never "the same link" as a
 * "Cable" one, whatever the interfaces are called.
 */
export function ConnectionNameField({ id }: { id: string }) {
  const route = useNasConnectionStore((state) => state.probe?.client.route);
  const suggested = suggestConnectionName(route);
  const value = usePlanStore((state) => state.connection);
  const { choose } = usePlanActions();
  return (
    <>
      <TextField
        id={id}
        label="What is this connection?"
        testId="plan-connection"
        value={value}
        placeholder={suggested}
        problem={null}
        onChange={(connection) => choose({ connection })}
        help={`Wi-Fi, Cable, USB adapter or your own words; empty: “${suggested}”, from the interface. Results, History and Compare name the run by it.`}
        inputProps={{ list: `${id}-names`, maxLength: 40, autoComplete: 'off' }}
      />
      <datalist id={`${id}-names`}>
        {commonNames.map((name) => (
          <option key={name} value={name} />
        ))}
      </datalist>
    </>
  );
}
