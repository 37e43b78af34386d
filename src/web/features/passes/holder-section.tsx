import { Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import type { PermitProduct } from '../../../shared/contract';
import { passScreenMessages } from '../../../shared/messages';
import { COUNTRIES, STATES_AND_PROVINCES } from '../../../shared/rules';
import type { CheckoutFormValues } from './checkout-form';
import { holderFieldsFor } from './holder-fields';
import { SectionTitle } from './section-title';

const STATE_OPTIONS = STATES_AND_PROVINCES.map((state) => ({
  value: state.code,
  label: `${state.name} (${state.code})`,
}));

type TextField = keyof Pick<
  CheckoutFormValues,
  | 'holderName'
  | 'holderLabel'
  | 'holderEmail'
  | 'holderAddress1'
  | 'holderAddress2'
  | 'holderCity'
  | 'holderZip'
  | 'phonenumber'
  | 'buildingBusiness'
  | 'lotName'
  | 'emergencyName'
  | 'emergencyEmail'
  | 'emergencyNumber'
>;

/** Passholder information, by the product's advanced type (decision 130). */
export function HolderSection(props: {
  form: UseFormReturnType<CheckoutFormValues>;
  product: PermitProduct;
  /** Asked in the guest's contact section already, so not again here (guestAnswersHolder). */
  askedAbove?: { name: boolean; email: boolean };
}) {
  const { form, product, askedAbove } = props;
  const fields = holderFieldsFor(product);
  const input = (
    name: TextField,
    label: string,
    options: { type?: string; autoComplete?: string; maxLength?: number; isRequired?: boolean } = {},
  ) => (
    <TextInput
      label={label}
      type={options.type ?? 'text'}
      autoComplete={options.autoComplete}
      maxLength={options.maxLength ?? 200}
      required={options.isRequired}
      {...form.getInputProps(name)}
      name={name}
    />
  );

  return (
    <Stack gap="sm" component="section" aria-labelledby="holder-title">
      <SectionTitle id="holder-title">{passScreenMessages.holderTitle}</SectionTitle>
      {fields.label !== null && input('holderLabel', fields.label, { maxLength: 100, isRequired: true })}
      {fields.hasName &&
        !askedAbove?.name &&
        input('holderName', passScreenMessages.holderNameLabel, { autoComplete: 'name', isRequired: true })}
      {fields.hasEmail &&
        !askedAbove?.email &&
        input('holderEmail', passScreenMessages.holderEmailLabel, {
          type: 'email',
          autoComplete: 'email',
          maxLength: 254,
        })}
      {fields.hasPhone &&
        input('phonenumber', passScreenMessages.phoneLabel, {
          type: 'tel',
          autoComplete: 'tel',
          maxLength: 40,
          isRequired: true,
        })}
      {fields.hasAddress && (
        <>
          {input('holderAddress1', passScreenMessages.address1Label, {
            autoComplete: 'address-line1',
            isRequired: true,
          })}
          {input('holderAddress2', passScreenMessages.address2Label, { autoComplete: 'address-line2' })}
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            {input('holderCity', passScreenMessages.cityLabel, {
              autoComplete: 'address-level2',
              maxLength: 100,
              isRequired: true,
            })}
            <Select
              label={passScreenMessages.holderStateLabel}
              data={STATE_OPTIONS}
              searchable
              required
              autoComplete="address-level1"
              {...form.getInputProps('holderState')}
              onChange={(value) => form.setFieldValue('holderState', value ?? '')}
            />
            {input('holderZip', passScreenMessages.zipLabel, {
              autoComplete: 'postal-code',
              maxLength: 20,
              isRequired: true,
            })}
            <Select
              label={passScreenMessages.countryLabel}
              data={[...COUNTRIES]}
              searchable
              required
              autoComplete="country-name"
              {...form.getInputProps('holderCountry')}
              onChange={(value) => form.setFieldValue('holderCountry', value ?? '')}
            />
          </SimpleGrid>
        </>
      )}
      {fields.hasSquareContact && (
        <>
          {input('buildingBusiness', passScreenMessages.buildingBusinessLabel, { isRequired: true })}
          {input('lotName', passScreenMessages.lotNameLabel, { isRequired: true })}
          <Text fw={600} mt="xs">
            {passScreenMessages.emergencyTitle}
          </Text>
          {input('emergencyName', passScreenMessages.emergencyNameLabel, { isRequired: true })}
          {input('emergencyEmail', passScreenMessages.emergencyEmailLabel, {
            type: 'email',
            maxLength: 254,
            isRequired: true,
          })}
          {input('emergencyNumber', passScreenMessages.emergencyNumberLabel, {
            type: 'tel',
            maxLength: 40,
            isRequired: true,
          })}
        </>
      )}
    </Stack>
  );
}
