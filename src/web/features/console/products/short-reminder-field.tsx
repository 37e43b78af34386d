import { NumberInput } from '@mantine/core';
import type { ReactNode } from 'react';
import { guestQuotaMessages as m } from '../../../../shared/messages';

/**
 * The product's short-pass reminder (decision 223): minutes before a pass of a day or less ends
 * that its holder is emailed; empty for none. Its own file so the product editor's page changes
 * by one line.
 */
export function ShortReminderField(props: {
  value: number | null | undefined;
  onChange: (minutes: number | null) => void;
  error?: ReactNode;
}) {
  return (
    <NumberInput
      label={m.editorShortReminder}
      description={m.editorShortReminderHelp}
      min={1}
      max={720}
      allowDecimal={false}
      value={props.value ?? ''}
      onChange={(value) =>
        props.onChange(typeof value === 'number' ? value : value === '' ? null : Number(value))
      }
      error={props.error}
    />
  );
}
