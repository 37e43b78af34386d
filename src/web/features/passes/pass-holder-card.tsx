import { Button, Group, SimpleGrid, TextInput } from '@mantine/core';
import { useState } from 'react';
import { z } from 'zod';
import { type IssuedPermit, updatePermitHolderContract } from '../../../shared/contract';
import { passEditMessages, passMessages, passScreenMessages } from '../../../shared/messages';
import { FailureAlert, SavedAlert } from '../../components/form-alerts';
import { FormCard } from '../../components/form-card';
import { isApiError } from '../../lib/api-client';
import { useApiForm } from '../../lib/use-api-form';
import { usePermitProduct } from './catalogue-api';
import { useIssuedFields, useUpdateHolder, useUpdateIssuedFields } from './edit-api';

const holderSchema = updatePermitHolderContract.body.omit({ permitIssuedUUID: true });

const HOLDER_FIELDS = () =>
  [
    ['name', passScreenMessages.holderNameLabel, 'name'],
    ['email', passScreenMessages.holderEmailLabel, 'email'],
    ['label', passScreenMessages.holderLabelLabel, 'off'],
    ['address1', passScreenMessages.address1Label, 'address-line1'],
    ['address2', passScreenMessages.address2Label, 'address-line2'],
    ['city', passScreenMessages.cityLabel, 'address-level2'],
    ['state', passScreenMessages.holderStateLabel, 'address-level1'],
    ['zip', passScreenMessages.zipLabel, 'postal-code'],
    ['country', passScreenMessages.countryLabel, 'country-name'],
    ['phonenumber', passScreenMessages.phoneLabel, 'tel'],
  ] as const;

/**
 * Passholder editing (part 2 sections 5 and 8): a valid email if one is given; a refusal of the
 * server's rules (Hawaii residents) shows its text, any other failure the spec's
 * 'The passholder information could not be updated at this time.'
 */
export function PassHolderCard(props: { permit: IssuedPermit; isChangeable: boolean }) {
  const { permit, isChangeable } = props;
  const holder = permit.permitHolder;
  const updateHolder = useUpdateHolder(permit.uuid);
  const [saved, setSaved] = useState(false);
  // The product names the label ('None' hides it, as on the checkout); an archived product leaves it as stored.
  const product = usePermitProduct(permit.permitUUID);
  const labelDescriptor = product.data?.labelDescriptor ?? null;
  const isLabelShown = labelDescriptor ? labelDescriptor !== 'None' : Boolean(holder?.label);
  const { form, onSubmit, isSubmitting, formError } = useApiForm({
    schema: holderSchema,
    initialValues: Object.fromEntries(
      HOLDER_FIELDS().map(([name]) => [name, holder?.[name] ?? '']),
    ) as Record<ReturnType<typeof HOLDER_FIELDS>[number][0], string>,
    submit: (values) => {
      setSaved(false);
      return updateHolder.mutateAsync(values);
    },
    onSuccess: () => setSaved(true),
    describeError: (error) =>
      isApiError(error) && error.status === 400 ? error.message : passMessages.holderUpdateFailed,
  });
  return (
    <FormCard titleId="holder-title" title={passScreenMessages.holderTitle} onSubmit={onSubmit}>
      <FailureAlert message={formError} />
      <SavedAlert isShown={saved} failure={formError} message={passEditMessages.holderSaved} />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        {HOLDER_FIELDS()
          .filter(([name]) => name !== 'label' || isLabelShown)
          .map(([name, label, autoComplete]) => (
            <TextInput
              key={name}
              id={`holder-${name}`}
              label={
                name === 'label' && labelDescriptor && labelDescriptor !== 'None' ? labelDescriptor : label
              }
              autoComplete={autoComplete}
              disabled={!isChangeable}
              type={name === 'email' ? 'email' : 'text'}
              {...form.getInputProps(name)}
              name={name}
            />
          ))}
      </SimpleGrid>
      {isChangeable && (
        <Group justify="flex-end">
          <Button type="submit" loading={isSubmitting}>
            {passEditMessages.saveHolder}
          </Button>
        </Group>
      )}
    </FormCard>
  );
}

const fieldsSchema = z.object({ answers: z.array(z.string()) });

/** The custom fields' answers: all required ('Please fill out all fields before updating.'). */
export function CustomFieldsCard(props: { permit: IssuedPermit; isChangeable: boolean }) {
  const fields = useIssuedFields(props.permit.uuid);
  if (!fields.data || fields.data.length === 0) return null;
  return <CustomFieldsForm {...props} fields={fields.data} />;
}

function CustomFieldsForm(props: {
  permit: IssuedPermit;
  isChangeable: boolean;
  fields: Array<{ label: string; value: string }>;
}) {
  const update = useUpdateIssuedFields(props.permit.uuid);
  const [saved, setSaved] = useState(false);
  const { form, onSubmit, isSubmitting, formError } = useApiForm({
    schema: fieldsSchema,
    initialValues: { answers: props.fields.map((field) => field.value) },
    submit: async (values) => {
      setSaved(false);
      if (values.answers.some((answer) => answer.trim().length === 0)) {
        throw new Error(passMessages.customFieldsUpdateRequired);
      }
      return update.mutateAsync(
        props.fields.map((field, index) => ({ label: field.label, value: values.answers[index] ?? '' })),
      );
    },
    onSuccess: () => setSaved(true),
    describeError: (error) => (error instanceof Error ? error.message : passMessages.holderUpdateFailed),
  });
  return (
    <FormCard titleId="fields-title" title={passScreenMessages.registrationTitle} onSubmit={onSubmit}>
      <FailureAlert message={formError} />
      <SavedAlert isShown={saved} failure={formError} message={passEditMessages.customFieldsSaved} />
      {props.fields.map((field, index) => (
        <TextInput
          key={field.label}
          label={field.label}
          required
          disabled={!props.isChangeable}
          {...form.getInputProps(`answers.${index}`)}
        />
      ))}
      {props.isChangeable && (
        <Group justify="flex-end">
          <Button type="submit" loading={isSubmitting}>
            {passEditMessages.saveCustomFields}
          </Button>
        </Group>
      )}
    </FormCard>
  );
}
