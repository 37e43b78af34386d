import { NumberInput, Select, SimpleGrid, TextInput } from '@mantine/core';
import { consoleProductMessages as m } from '../../../../../shared/messages';
import { DURATION_UNITS, TIME_SELECTION_TYPES } from '../../../../../shared/rules/pass-values';
import { useTenantTimeZone } from '../../../../app/brand';
import { EditorSection } from './editor-section';
import { FlagSwitch } from './flag-switch';
import { fromLocalInput, type SectionProps, toLocalInput } from './product-form';

/** How long a pass lasts and who picks its start and end. */
export function TimesSection({ form }: SectionProps) {
  const timeZone = useTenantTimeZone();
  const values = form.values;
  return (
    <EditorSection title={m.sectionTimes}>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <NumberInput
          label={m.duration}
          min={1}
          allowDecimal={false}
          {...form.getInputProps('permitDuration')}
        />
        <Select
          label={m.durationUnit}
          data={DURATION_UNITS.map((value) => ({ value, label: m.durationUnitOptions[value] }))}
          allowDeselect={false}
          {...form.getInputProps('permitDurationUnit')}
        />
        <Select
          label={m.timeSelectionType}
          data={TIME_SELECTION_TYPES.map((value) => ({
            value: String(value),
            label: `${value} · ${m.timeSelectionOptions[value]}`,
          }))}
          allowDeselect={false}
          value={String(values.timeSelectionType)}
          onChange={(value) => form.setFieldValue('timeSelectionType', Number(value))}
          error={form.errors.timeSelectionType}
        />
      </SimpleGrid>
      {values.timeSelectionType === 2 && (
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            type="datetime-local"
            label={m.chosenDate}
            value={toLocalInput(values.chosenDate, timeZone)}
            onChange={(event) =>
              form.setFieldValue('chosenDate', fromLocalInput(event.currentTarget.value, timeZone))
            }
            error={form.errors.chosenDate}
          />
          <TextInput
            type="datetime-local"
            label={m.chosenEndDate}
            value={toLocalInput(values.chosenEndDate, timeZone)}
            onChange={(event) =>
              form.setFieldValue('chosenEndDate', fromLocalInput(event.currentTarget.value, timeZone))
            }
            error={form.errors.chosenEndDate}
          />
        </SimpleGrid>
      )}
      <FlagSwitch form={form} path="canEditTimes" label={m.flagCanEditTimes} />
    </EditorSection>
  );
}
