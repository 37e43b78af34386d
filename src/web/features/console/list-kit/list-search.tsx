import { Button, Group, Select, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import type { ListParams } from './use-list-params';

/** A list's status filter: its choices, the first of which (`all`) is no filter at all. */
export interface StatusFilter {
  label: string;
  value: string;
  options: readonly { value: string; label: string }[];
  width: number;
}

/**
 * The words of a list's search as the operator types them, searched (trimmed) on submit: the
 * address holds what was searched, so the list does not reload at each key.
 */
export function useSearchDraft(searched: string | undefined, onSearch: (q: string) => void) {
  const [draft, setDraft] = useState(searched ?? '');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(draft.trim());
  };
  return { draft, setDraft, submit };
}

/**
 * A console list's search (decision 250): the words are kept as typed and searched on submit (the
 * address holds what was searched, `q`), the status filter applies as soon as it is chosen, and
 * either starts again from page one. The status `all` stays out of the address, as every default.
 */
export function ListSearch(props: {
  params: Pick<ListParams<'q' | 'status', string>, 'filters' | 'setFilters'>;
  /** The words' label, which says what the search looks through. */
  label: string;
  /** The submit button's text; it names the form as well. */
  submitLabel: string;
  /** An example of what to type, where the label alone does not say it. */
  placeholder?: string;
  status?: StatusFilter;
}) {
  const { params, status } = props;
  const { draft, setDraft, submit } = useSearchDraft(params.filters.q, (q) => params.setFilters({ q }));
  return (
    <form onSubmit={submit} aria-label={props.submitLabel}>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <TextInput
          label={props.label}
          placeholder={props.placeholder}
          value={draft}
          onChange={(event) => setDraft(event.currentTarget.value)}
          maxLength={100}
          style={{ flex: '1 1 260px' }}
        />
        {status && (
          <Select
            label={status.label}
            data={status.options}
            value={status.value}
            allowDeselect={false}
            onChange={(value) =>
              params.setFilters({ status: value === 'all' ? undefined : (value ?? undefined) })
            }
            w={status.width}
          />
        )}
        <Button type="submit">{props.submitLabel}</Button>
      </Group>
    </form>
  );
}
