import { NumberInput, Select, SimpleGrid, Textarea, TextInput } from '@mantine/core';
import type { ProductEditorInput } from '../../../../../shared/contract';
import { formatCurrencyCode, moneyInputFormat } from '../../../../../shared/format';
import { consoleProductMessages as m } from '../../../../../shared/messages';
import { fillMessage } from '../../../../../shared/messages/fill';
import { BILLING_PERIODS, BILLING_TYPES } from '../../../../../shared/rules/pass-values';
import { EditorSection } from './editor-section';
import { type SectionProps, textProps } from './product-form';

/** Name, description, price and billing. */
export function BasicsSection({ form }: SectionProps) {
  const values = form.values;
  return (
    <EditorSection title={m.sectionBasics}>
      <TextInput label={m.name} required maxLength={200} {...form.getInputProps('name')} />
      <Textarea
        label={m.description}
        autosize
        minRows={2}
        maxLength={2000}
        {...textProps(form, 'description')}
      />
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <NumberInput
          label={fillMessage(m.price, { currency: formatCurrencyCode() })}
          min={0}
          decimalScale={2}
          fixedDecimalScale
          {...moneyInputFormat()}
          value={(values.amount ?? 0) / 100}
          onChange={(value) => form.setFieldValue('amount', Math.round(Number(value || 0) * 100))}
          error={form.errors.amount}
        />
        <Select
          label={m.billingType}
          data={BILLING_TYPES.map((value) => ({ value, label: m.billingTypeOptions[value] }))}
          allowDeselect={false}
          {...form.getInputProps('billingType')}
          onChange={(value) => {
            form.setFieldValue('billingType', value as ProductEditorInput['billingType']);
            form.setFieldValue('billingPeriod', value === 'ONE TIME' ? 'NONE' : 'MONTH');
          }}
        />
        <Select
          label={m.billingPeriod}
          data={BILLING_PERIODS.map((value) => ({ value, label: m.billingPeriodOptions[value] }))}
          allowDeselect={false}
          disabled={values.billingType === 'ONE TIME'}
          {...form.getInputProps('billingPeriod')}
        />
      </SimpleGrid>
    </EditorSection>
  );
}
