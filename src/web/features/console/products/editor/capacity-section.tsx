import { NumberInput, SimpleGrid, Switch } from '@mantine/core';
import {
  consoleProductMessages as m,
  passExtensionMessages,
  waitlistMessages,
} from '../../../../../shared/messages';
import { ShortReminderField } from '../short-reminder-field';
import { EditorSection } from './editor-section';
import type { SectionProps } from './product-form';

/** How many passes may be held, with how many vehicles, and the waiting list when it is full. */
export function CapacitySection({ form }: SectionProps) {
  const values = form.values;
  return (
    <EditorSection title={m.sectionCapacity}>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <NumberInput
          label={m.capacity}
          min={0}
          allowDecimal={false}
          value={values.capacity ?? ''}
          onChange={(value) => form.setFieldValue('capacity', value === '' ? null : Number(value))}
          error={form.errors.capacity}
        />
        <NumberInput
          label={m.maxVehicles}
          min={1}
          max={50}
          allowDecimal={false}
          {...form.getInputProps('maxVehiclesPerPermit')}
        />
        <NumberInput
          label={m.maxActiveVehicles}
          min={1}
          max={50}
          allowDecimal={false}
          {...form.getInputProps('maxActiveVehiclesPerPermit')}
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }} mt="md">
        <Switch
          label={waitlistMessages.editorHasWaitlist}
          description={waitlistMessages.editorHasWaitlistHelp}
          {...form.getInputProps('hasWaitlist', { type: 'checkbox' })}
        />
        <NumberInput
          label={waitlistMessages.editorOfferHours}
          min={1}
          max={720}
          allowDecimal={false}
          disabled={!values.hasWaitlist}
          {...form.getInputProps('waitlistOfferHours')}
        />
        <ShortReminderField
          value={values.shortReminderMinutes}
          onChange={(minutes) => form.setFieldValue('shortReminderMinutes', minutes)}
          error={form.errors.shortReminderMinutes}
        />
        <Switch
          label={passExtensionMessages.editorAllowsExtension}
          description={passExtensionMessages.editorAllowsExtensionHelp}
          {...form.getInputProps('allowsExtension', { type: 'checkbox' })}
        />
      </SimpleGrid>
    </EditorSection>
  );
}
