import { useId } from 'react';
import type { LinkType } from '../../../../shared/contract/probe';
import { describeLinkKind } from '../../../../shared/words/describe-nas';
import type { FilterChoices, HistoryFilter } from '../../../../shared/history/filter';
import { Field, TextField } from '../../components/Field';
import { useSavedRunsActions } from '../../stores/saved-runs';
import styles from './HistoryScreen.module.css';

/** One select of the filter bar: "All …" first, then the choices the runs themselves have. */
function Choice(props: {
  id: string;
  label: string;
  all: string;
  testId: string;
  value: string | undefined;
  options: { value: string; label: string }[];
  onChange: (value: string) => void;
}) {
  return (
    <Field id={props.id} label={props.label}>
      <select
        id={props.id}
        data-testid={props.testId}
        value={props.value ?? ''}
        onChange={(event) => props.onChange(event.target.value)}
      >
        <option value="">{props.all}</option>
        {props.options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </Field>
  );
}

/** History's filter bar: which NAS, which link, which test, how the share was reached, which tag, since when, and words to find. */
export function HistoryFilters({ choices, filter }: { choices: FilterChoices; filter: HistoryFilter }) {
  const id = useId();
  const { setFilter } = useSavedRunsActions();
  const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
  return (
    <div className={styles.filters} data-testid="history-filters" role="search" aria-label="Filter the saved tests">
      <TextField
        id={`${id}-search`}
        label="Find"
        testId="history-search"
        value={filter.search ?? ''}
        placeholder="a title, address or tag"
        problem={null}
        onChange={(search) => setFilter({ search })}
        inputProps={{ type: 'search' }}
      />
      <Choice
        id={`${id}-nas`}
        label="NAS"
        all="All NASes"
        testId="history-filter-nas"
        value={filter.nas}
        options={choices.nases.map((nas) => ({ value: nas.key, label: `${nas.label} · ${nas.runs} runs` }))}
        onChange={(nas) => setFilter({ nas })}
      />
      <Choice
        id={`${id}-link`}
        label="Link"
        all="Every link"
        testId="history-filter-link"
        value={filter.link}
        options={choices.links.map((link) => ({
          value: link,
          label: capitalised(describeLinkKind(link as LinkType) ?? link),
        }))}
        onChange={(link) => setFilter({ link })}
      />
      <Choice
        id={`${id}-plan`}
        label="Test"
        all="Every test"
        testId="history-filter-plan"
        value={filter.plan}
        options={choices.plans}
        onChange={(plan) => setFilter({ plan })}
      />
      {choices.shares.length > 0 && (
        <Choice
          id={`${id}-share`}
          label="Share reached by"
          all="Any way"
          testId="history-filter-share"
          value={filter.share}
          options={choices.shares.map((share) => ({ value: share, label: share }))}
          onChange={(share) => setFilter({ share })}
        />
      )}
      <Choice
        id={`${id}-tag`}
        label="Tag"
        all="Any tag"
        testId="history-filter-tag"
        value={filter.tag}
        options={choices.tags.map((tag) => ({ value: tag, label: tag }))}
        onChange={(tag) => setFilter({ tag })}
      />
      <TextField
        id={`${id}-since`}
        label="Since"
        testId="history-filter-since"
        value={filter.since ?? ''}
        problem={null}
        onChange={(since) => setFilter({ since })}
        inputProps={{ type: 'date' }}
      />
    </div>
  );
}
