import { Select, SimpleGrid, Textarea, TextInput } from '@mantine/core';
import { consoleProductMessages as m } from '../../../../../shared/messages';
import { ADVANCED_TYPES, GUEST_FIELDS_TYPES } from '../../../../../shared/rules/pass-values';
import { EditorSection } from './editor-section';
import { FlagSwitch } from './flag-switch';
import { type SectionProps, textProps } from './product-form';

const FLAGS = [
  ['isAutoApproved', 'flagAutoApproved'],
  ['isEmailVerify', 'flagEmailVerify'],
  ['isSignupCodeRequired', 'flagSignupCode'],
  ['isRegImgRequired', 'flagRegImg'],
  ['needsGuestCode', 'flagGuestCode'],
  ['guestNeedsPermitHolderInfo', 'flagHolderInfo'],
  ['isMinPermitHolderInfo', 'flagMinHolderInfo'],
  ['isPlateOnly', 'flagPlateOnly'],
  ['isVisitorOnly', 'flagVisitorOnly'],
  ['isBusinessProduct', 'flagBusiness'],
] as const;

/** What the buyer fills in at checkout, and what the product asks before a pass is issued. */
export function CheckoutSection({ form }: SectionProps) {
  const values = form.values;
  return (
    <EditorSection title={m.sectionCheckout}>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Select
          label={m.advancedType}
          data={Object.entries(ADVANCED_TYPES).map(([key, value]) => ({
            value: String(value),
            label: `${value} · ${m.advancedTypeOptions[key as keyof typeof ADVANCED_TYPES]}`,
          }))}
          allowDeselect={false}
          value={String(values.advancedType)}
          onChange={(value) => form.setFieldValue('advancedType', Number(value))}
          error={form.errors.advancedType}
        />
        <Select
          label={m.guestFieldsType}
          data={GUEST_FIELDS_TYPES.map((value) => ({
            value: String(value),
            label: `${value} · ${m.guestFieldsOptions[value]}`,
          }))}
          allowDeselect={false}
          value={String(values.guestFieldsType)}
          onChange={(value) => form.setFieldValue('guestFieldsType', Number(value))}
        />
        <TextInput label={m.labelDescriptor} maxLength={100} {...form.getInputProps('labelDescriptor')} />
        <Select
          label={m.residency}
          data={[
            { value: '', label: m.residencyNone },
            { value: 'HI', label: m.residencyHawaii },
          ]}
          allowDeselect={false}
          value={values.residencyRule ?? ''}
          onChange={(value) => form.setFieldValue('residencyRule', value === 'HI' ? 'HI' : null)}
        />
      </SimpleGrid>
      <Textarea
        label={m.documentUploadCopy}
        autosize
        minRows={2}
        maxLength={2000}
        {...textProps(form, 'documentUploadCopy')}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
        {FLAGS.map(([path, label]) => (
          <FlagSwitch key={path} form={form} path={path} label={m[label]} />
        ))}
      </SimpleGrid>
    </EditorSection>
  );
}
