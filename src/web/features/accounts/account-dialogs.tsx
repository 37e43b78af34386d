import { PasswordInput, Stack, TextInput } from '@mantine/core';
import type { FormEvent, ReactNode } from 'react';
import { z } from 'zod';
import {
  type Customer,
  changePasswordContract,
  errorCodes,
  updateCustomerContract,
} from '../../../shared/contract';
import { accountMessages } from '../../../shared/messages';
import { isValidEmail, stripWhitespace } from '../../../shared/rules';
import { useBrand } from '../../app/brand';
import { Dialog } from '../../components/dialog';
import { DialogActions } from '../../components/dialog-actions';
import { FailureAlert } from '../../components/form-alerts';
import { ApiError, carriesServerAdvice } from '../../lib/api-client';
import { useApiForm } from '../../lib/use-api-form';
import { useChangePassword, useUpdateCustomer } from './api';
import { PasswordRules } from './password-rules';

export type AccountDialog = 'location' | 'name' | 'email' | 'password';

interface DialogProps {
  customer: Customer;
  onClose: () => void;
  onSaved: (message?: string) => void;
}

function DialogForm({
  title,
  onClose,
  onSubmit,
  isSaving,
  error,
  children,
}: {
  title: string;
  onClose: () => void;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  isSaving: boolean;
  error: ReactNode;
  children: ReactNode;
}) {
  return (
    <Dialog title={title} onClose={onClose} closeLabel={accountMessages.cancel}>
      <form
        noValidate
        onSubmit={(event: FormEvent<HTMLFormElement>) => {
          event.preventDefault();
          onSubmit(event);
        }}
      >
        <Stack gap="md">
          <FailureAlert message={error} testId="dialog-error" />
          {children}
          <DialogActions
            cancelLabel={accountMessages.cancel}
            onCancel={onClose}
            submitLabel={accountMessages.save}
            isSubmitting={isSaving}
          />
        </Stack>
      </form>
    </Dialog>
  );
}

/** A refused field value (400) is told in the server's words too. */
const failureText = (error: unknown, fallback: string) =>
  carriesServerAdvice(error) || (error instanceof ApiError && error.status === 400)
    ? error.message
    : fallback;

const customerFields = updateCustomerContract.body.shape;

/** Building and unit as the contract takes them: trimmed, empty meaning none. */
const locationFormSchema = z.object({ building: customerFields.building, unit: customerFields.unit });

/** The name is required, with the appeal form's wording for a missing name. */
const nameFormSchema = z.object({
  fullname: z
    .string()
    .transform((value) => value.trim())
    .pipe(
      z
        .string()
        .min(1, { error: () => accountMessages.fullnameRequired })
        .max(200),
    ),
});

export function LocationDialog({ customer, onClose, onSaved }: DialogProps) {
  const brand = useBrand();
  const update = useUpdateCustomer();
  const { form, onSubmit, isSubmitting, formError } = useApiForm({
    schema: locationFormSchema,
    initialValues: { building: customer.building ?? '', unit: customer.unit ?? '' },
    submit: (values) =>
      update.mutateAsync({
        subdomain: brand?.subdomain ?? '',
        building: values.building ?? null,
        unit: values.unit ?? null,
      }),
    onSuccess: () => onSaved(),
    describeError: (error) => failureText(error, (error as Error).message),
  });
  return (
    <DialogForm
      title={accountMessages.editLocation}
      onClose={onClose}
      isSaving={isSubmitting}
      error={formError}
      onSubmit={onSubmit}
    >
      <TextInput
        label={accountMessages.buildingLabel}
        maxLength={100}
        data-autofocus
        {...form.getInputProps('building')}
      />
      <TextInput label={accountMessages.unitLabel} maxLength={50} {...form.getInputProps('unit')} />
    </DialogForm>
  );
}

export function NameDialog({ customer, onClose, onSaved }: DialogProps) {
  const brand = useBrand();
  const update = useUpdateCustomer();
  const { form, onSubmit, isSubmitting, formError } = useApiForm({
    schema: nameFormSchema,
    initialValues: { fullname: customer.fullname },
    submit: (values) => update.mutateAsync({ subdomain: brand?.subdomain ?? '', fullname: values.fullname }),
    onSuccess: () => onSaved(),
    describeError: (error) => failureText(error, (error as Error).message),
  });
  return (
    <DialogForm
      title={accountMessages.editName}
      onClose={onClose}
      isSaving={isSubmitting}
      error={formError}
      onSubmit={onSubmit}
    >
      <TextInput
        label={accountMessages.fullnameLabel}
        maxLength={200}
        data-autofocus
        {...form.getInputProps('fullname')}
      />
    </DialogForm>
  );
}

/**
 * A new address: checked with the shared email rule (the account screen's own wording), and the
 * current password, since the address is how the account is recovered.
 */
const emailFormSchema = z.object({
  email: z
    .string()
    .transform(stripWhitespace)
    .refine(isValidEmail, { error: () => accountMessages.accountEmailInvalid }),
  currentPassword: z.string().min(1, { error: () => accountMessages.currentPasswordRequired }),
});

export function EmailDialog({ customer, onClose, onSaved }: DialogProps) {
  const brand = useBrand();
  const update = useUpdateCustomer();
  const { form, onSubmit, isSubmitting, formError } = useApiForm({
    schema: emailFormSchema,
    initialValues: { email: customer.email, currentPassword: '' },
    submit: (values) => update.mutateAsync({ subdomain: brand?.subdomain ?? '', ...values }),
    onSuccess: () => onSaved(),
    // A wrong current password (403) belongs to its field; anything else but a rate limit or a
    // network failure means, as section 8 says, that the address is in use.
    fieldOf: (error) => (error.status === 403 ? 'currentPassword' : null),
    describeError: (error) => failureText(error, accountMessages.emailInUse),
  });
  return (
    <DialogForm
      title={accountMessages.editEmail}
      onClose={onClose}
      isSaving={isSubmitting}
      error={formError}
      onSubmit={onSubmit}
    >
      <TextInput
        label={accountMessages.emailLabel}
        type="email"
        maxLength={254}
        autoComplete="email"
        data-autofocus
        {...form.getInputProps('email')}
      />
      <PasswordInput
        label={accountMessages.currentPasswordLabel}
        autoComplete="current-password"
        maxLength={128}
        {...form.getInputProps('currentPassword')}
      />
    </DialogForm>
  );
}

/**
 * The change-password form: the contract's rules for the two passwords, plus the repeat field,
 * which only the screen has. Each cause has its own field: a mismatch on the repeat, a weak
 * password on the new one, a wrong current password (403) on the current one.
 */
const passwordFormSchema = changePasswordContract.body
  .extend({ repeatPassword: z.string() })
  .superRefine((values, context) => {
    if (values.newPassword !== values.repeatPassword) {
      context.addIssue({
        code: 'custom',
        path: ['repeatPassword'],
        message: accountMessages.newPasswordsMismatch,
      });
    }
  });

export function PasswordDialog({ onClose, onSaved }: DialogProps) {
  const change = useChangePassword();
  const { form, onSubmit, isSubmitting, formError } = useApiForm({
    schema: passwordFormSchema,
    initialValues: { oldPassword: '', newPassword: '', repeatPassword: '' },
    submit: (values) =>
      change.mutateAsync({ oldPassword: values.oldPassword, newPassword: values.newPassword }),
    onSuccess: () => onSaved(accountMessages.passwordChanged),
    fieldOf: (error) => (error.status === 403 && error.code === errorCodes.forbidden ? 'oldPassword' : null),
    describeError: (error) => failureText(error, (error as Error).message),
  });
  return (
    <DialogForm
      title={accountMessages.changePassword}
      onClose={onClose}
      isSaving={isSubmitting}
      error={formError}
      onSubmit={onSubmit}
    >
      <PasswordInput
        label={accountMessages.currentPasswordLabel}
        autoComplete="current-password"
        maxLength={128}
        data-autofocus
        {...form.getInputProps('oldPassword')}
      />
      <PasswordInput
        label={accountMessages.newPasswordLabel}
        autoComplete="new-password"
        maxLength={128}
        aria-describedby="change-password-rules"
        {...form.getInputProps('newPassword')}
      />
      <PasswordInput
        label={accountMessages.repeatPasswordLabel}
        autoComplete="new-password"
        maxLength={128}
        {...form.getInputProps('repeatPassword')}
      />
      <PasswordRules password={form.values.newPassword} id="change-password-rules" />
    </DialogForm>
  );
}
