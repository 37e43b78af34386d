import { NumberInput, Select, SimpleGrid } from '@mantine/core';
import { consoleProductMessages as m } from '../../../../../shared/messages';
import { DURATION_UNITS, QUOTA_MEASURES, QUOTA_SUBJECTS } from '../../../../../shared/rules/pass-values';
import type { SectionProps } from './product-form';

/** A quota's count, what it counts, over which period, and for whom. */
export function QuotaInputs({ form }: SectionProps) {
  return (
    <SimpleGrid cols={{ base: 2, sm: 5 }}>
      <NumberInput
        label={m.quotaCount}
        min={1}
        allowDecimal={false}
        {...form.getInputProps('rules.quota.count')}
      />
      <Select
        label={m.quotaMeasure}
        data={QUOTA_MEASURES.map((value) => ({ value, label: m.quotaMeasureOptions[value] }))}
        allowDeselect={false}
        {...form.getInputProps('rules.quota.measure')}
      />
      <NumberInput
        label={m.quotaPeriodLength}
        min={1}
        allowDecimal={false}
        {...form.getInputProps('rules.quota.periodLength')}
      />
      <Select
        label={m.quotaPeriod}
        data={DURATION_UNITS.map((value) => ({ value, label: m.durationUnitOptions[value] }))}
        allowDeselect={false}
        {...form.getInputProps('rules.quota.period')}
      />
      <Select
        label={m.quotaPer}
        data={QUOTA_SUBJECTS.map((value) => ({ value, label: m.quotaSubjectOptions[value] }))}
        allowDeselect={false}
        {...form.getInputProps('rules.quota.per')}
      />
    </SimpleGrid>
  );
}
