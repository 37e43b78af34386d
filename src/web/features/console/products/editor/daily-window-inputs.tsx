import { SimpleGrid, TextInput } from '@mantine/core';
import type { ReactNode } from 'react';
import { consoleProductMessages as m } from '../../../../../shared/messages';

type DailyWindowValue = { from: string; to: string } | null;

/** A time-of-day product's window: both times, or neither (no window). */
export function DailyWindowInputs(props: {
  value: DailyWindowValue;
  onChange: (window: DailyWindowValue) => void;
  errors: { from?: ReactNode; to?: ReactNode };
}) {
  const { value, onChange, errors } = props;
  const change = (part: 'from' | 'to', text: string) => {
    const next = { from: value?.from ?? '', to: value?.to ?? '', [part]: text };
    onChange(next.from || next.to ? next : null);
  };
  return (
    <SimpleGrid cols={{ base: 2 }}>
      <TextInput
        label={m.dailyWindowFrom}
        description={m.dailyWindowHint}
        placeholder="18:00"
        value={value?.from ?? ''}
        onChange={(event) => change('from', event.currentTarget.value)}
        error={errors.from}
      />
      <TextInput
        label={m.dailyWindowTo}
        description={m.dailyWindowToHint}
        placeholder="08:00"
        value={value?.to ?? ''}
        onChange={(event) => change('to', event.currentTarget.value)}
        error={errors.to}
      />
    </SimpleGrid>
  );
}
