import { Checkbox, Group, SimpleGrid, Switch, Textarea, TextInput } from '@mantine/core';
import { consoleProductMessages as m } from '../../../../../shared/messages';
import { useTenantTimeZone } from '../../../../app/brand';
import { DailyWindowInputs } from './daily-window-inputs';
import { EditorSection } from './editor-section';
import { fromLocalInput, type SectionProps, toLocalInput } from './product-form';
import { QuotaInputs } from './quota-inputs';

/** When the product can be bought: the sale period, days, hours, daily window, blackouts, quota. */
export function SaleRulesSection({ form }: SectionProps) {
  const timeZone = useTenantTimeZone();
  const rules = form.values.rules ?? {};
  return (
    <EditorSection title={m.sectionRules}>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          type="datetime-local"
          label={m.salesStart}
          value={toLocalInput(rules.salesStart, timeZone)}
          onChange={(event) =>
            form.setFieldValue('rules.salesStart', fromLocalInput(event.currentTarget.value, timeZone))
          }
          error={form.errors['rules.salesStart']}
        />
        <TextInput
          type="datetime-local"
          label={m.salesEnd}
          value={toLocalInput(rules.salesEnd, timeZone)}
          onChange={(event) =>
            form.setFieldValue('rules.salesEnd', fromLocalInput(event.currentTarget.value, timeZone))
          }
          error={form.errors['rules.salesEnd']}
        />
      </SimpleGrid>
      <Checkbox.Group
        label={m.weekdays}
        value={(rules.weekdays ?? []).map(String)}
        onChange={(days) => form.setFieldValue('rules.weekdays', days.map(Number))}
      >
        <Group gap="sm" mt={4}>
          {m.weekdayNames.map((day, index) => (
            <Checkbox key={day} value={String(index + 1)} label={day} />
          ))}
        </Group>
      </Checkbox.Group>
      <SimpleGrid cols={{ base: 2 }}>
        <TextInput
          label={m.hoursFrom}
          placeholder="08:00"
          value={rules.hoursFrom ?? ''}
          onChange={(event) => form.setFieldValue('rules.hoursFrom', event.currentTarget.value || null)}
          error={form.errors['rules.hoursFrom']}
        />
        <TextInput
          label={m.hoursTo}
          placeholder="18:00"
          value={rules.hoursTo ?? ''}
          onChange={(event) => form.setFieldValue('rules.hoursTo', event.currentTarget.value || null)}
          error={form.errors['rules.hoursTo']}
        />
      </SimpleGrid>
      <DailyWindowInputs
        value={rules.dailyWindow ?? null}
        onChange={(window) => form.setFieldValue('rules.dailyWindow', window)}
        errors={{
          from: form.errors['rules.dailyWindow.from'] ?? form.errors['rules.dailyWindow'],
          to: form.errors['rules.dailyWindow.to'],
        }}
      />
      <Textarea
        label={m.blackoutDates}
        autosize
        minRows={2}
        value={(rules.blackoutDates ?? []).join('\n')}
        onChange={(event) =>
          form.setFieldValue(
            'rules.blackoutDates',
            event.currentTarget.value
              .split(/\s+/)
              .map((line) => line.trim())
              .filter(Boolean),
          )
        }
        error={Object.entries(form.errors).find(([key]) => key.startsWith('rules.blackoutDates'))?.[1]}
      />
      <Switch
        label={m.flagQuota}
        checked={Boolean(rules.quota)}
        onChange={(event) =>
          form.setFieldValue(
            'rules.quota',
            event.currentTarget.checked
              ? { count: 1, period: 'MONTH', periodLength: 1, per: 'customer', measure: 'passes' }
              : null,
          )
        }
      />
      {rules.quota && <QuotaInputs form={form} />}
    </EditorSection>
  );
}
