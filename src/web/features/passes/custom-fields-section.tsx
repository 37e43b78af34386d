import { Stack, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { passScreenMessages } from '../../../shared/messages';
import { FailureAlert } from '../../components/form-alerts';
import type { CheckoutFormValues } from './checkout-form';
import { SectionTitle } from './section-title';

/** Registration details: the product's custom form fields, each answered in a text input. */
export function CustomFieldsSection(props: {
  form: UseFormReturnType<CheckoutFormValues>;
  isRequired: boolean;
}) {
  const { form, isRequired } = props;
  if (form.values.formFields.length === 0) return null;
  const error = form.errors.formFields;
  return (
    <Stack gap="sm" component="section" aria-labelledby="registration-title">
      <SectionTitle id="registration-title">{passScreenMessages.registrationTitle}</SectionTitle>
      {form.values.formFields.map((field, index) => (
        <TextInput
          key={field.label}
          label={field.label}
          required={isRequired}
          maxLength={4000}
          {...form.getInputProps(`formFields.${index}.value`)}
        />
      ))}
      <FailureAlert message={error} />
    </Stack>
  );
}
