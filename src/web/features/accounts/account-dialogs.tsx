import { Alert, Button, Group, Modal, PasswordInput, Stack, TextInput } from '@mantine/core';
import { type FormEvent, type ReactNode, useState } from 'react';
import type { Customer } from '../../../shared/contract';
import { accountMessages } from '../../../shared/messages';
import { isStrongPassword, isValidEmail, stripWhitespace } from '../../../shared/rules';
import { useBrand } from '../../app/brand';
import { ApiError } from '../../lib/api-client';
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
  onSubmit: () => void;
  isSaving: boolean;
  error: string | null;
  children: ReactNode;
}) {
  return (
    <Modal
      opened
      onClose={onClose}
      title={title}
      centered
      closeButtonProps={{ 'aria-label': accountMessages.cancel }}
    >
      <form
        noValidate
        onSubmit={(event: FormEvent) => {
          event.preventDefault();
          onSubmit();
        }}
      >
        <Stack gap="md">
          {error && (
            <Alert color="red" role="alert" data-testid="dialog-error">
              {error}
            </Alert>
          )}
          {children}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              {accountMessages.cancel}
            </Button>
            <Button type="submit" loading={isSaving}>
              {accountMessages.save}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

const failureText = (error: unknown, fallback: string) =>
  error instanceof ApiError && (error.status === 429 || error.status === 0 || error.status === 400)
    ? error.message
    : fallback;

export function LocationDialog({ customer, onClose, onSaved }: DialogProps) {
  const brand = useBrand();
  const update = useUpdateCustomer();
  const [building, setBuilding] = useState(customer.building ?? '');
  const [unit, setUnit] = useState(customer.unit ?? '');
  return (
    <DialogForm
      title={accountMessages.editLocation}
      onClose={onClose}
      isSaving={update.isPending}
      error={update.error ? failureText(update.error, update.error.message) : null}
      onSubmit={() =>
        update.mutate(
          { subdomain: brand?.subdomain ?? '', building: building.trim() || null, unit: unit.trim() || null },
          { onSuccess: () => onSaved() },
        )
      }
    >
      <TextInput
        label={accountMessages.buildingLabel}
        value={building}
        onChange={(e) => setBuilding(e.currentTarget.value)}
        maxLength={100}
        data-autofocus
      />
      <TextInput
        label={accountMessages.unitLabel}
        value={unit}
        onChange={(e) => setUnit(e.currentTarget.value)}
        maxLength={50}
      />
    </DialogForm>
  );
}

export function NameDialog({ customer, onClose, onSaved }: DialogProps) {
  const brand = useBrand();
  const update = useUpdateCustomer();
  const [fullname, setFullname] = useState(customer.fullname);
  const [fieldError, setFieldError] = useState<string | null>(null);
  return (
    <DialogForm
      title={accountMessages.editName}
      onClose={onClose}
      isSaving={update.isPending}
      error={update.error ? failureText(update.error, update.error.message) : null}
      onSubmit={() => {
        if (!fullname.trim()) {
          setFieldError(accountMessages.fullnameRequired);
          return;
        }
        setFieldError(null);
        update.mutate(
          { subdomain: brand?.subdomain ?? '', fullname: fullname.trim() },
          { onSuccess: () => onSaved() },
        );
      }}
    >
      <TextInput
        label={accountMessages.fullnameLabel}
        value={fullname}
        onChange={(e) => setFullname(e.currentTarget.value)}
        error={fieldError}
        maxLength={200}
        data-autofocus
      />
    </DialogForm>
  );
}

export function EmailDialog({ customer, onClose, onSaved }: DialogProps) {
  const brand = useBrand();
  const update = useUpdateCustomer();
  const [email, setEmail] = useState(customer.email);
  const [currentPassword, setCurrentPassword] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [passwordError, setPasswordError] = useState<string | null>(null);
  const error = update.error
    ? update.error instanceof ApiError && update.error.status === 403
      ? accountMessages.wrongCurrentPassword
      : // Section 8: a failed account edit means the address is in use.
        failureText(update.error, accountMessages.emailInUse)
    : null;
  return (
    <DialogForm
      title={accountMessages.editEmail}
      onClose={onClose}
      isSaving={update.isPending}
      error={error}
      onSubmit={() => {
        const address = stripWhitespace(email);
        if (!isValidEmail(address)) {
          setFieldError(accountMessages.accountEmailInvalid);
          return;
        }
        setFieldError(null);
        // The address is how the account is recovered: changing it takes the current password.
        if (!currentPassword) {
          setPasswordError(accountMessages.currentPasswordRequired);
          return;
        }
        setPasswordError(null);
        update.mutate(
          { subdomain: brand?.subdomain ?? '', email: address, currentPassword },
          { onSuccess: () => onSaved() },
        );
      }}
    >
      <TextInput
        label={accountMessages.emailLabel}
        type="email"
        value={email}
        onChange={(e) => setEmail(e.currentTarget.value)}
        error={fieldError}
        maxLength={254}
        autoComplete="email"
        data-autofocus
      />
      <PasswordInput
        label={accountMessages.currentPasswordLabel}
        value={currentPassword}
        onChange={(e) => setCurrentPassword(e.currentTarget.value)}
        error={passwordError}
        autoComplete="current-password"
        maxLength={128}
      />
    </DialogForm>
  );
}

export function PasswordDialog({ onClose, onSaved }: DialogProps) {
  const change = useChangePassword();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [repeat, setRepeat] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const error = change.error
    ? change.error instanceof ApiError && change.error.status === 403
      ? accountMessages.wrongCurrentPassword
      : failureText(change.error, change.error.message)
    : null;
  return (
    <DialogForm
      title={accountMessages.changePassword}
      onClose={onClose}
      isSaving={change.isPending}
      error={error}
      onSubmit={() => {
        if (next !== repeat) {
          setFieldError(accountMessages.newPasswordsMismatch);
          return;
        }
        if (!isStrongPassword(next)) {
          setFieldError(accountMessages.passwordTooWeak);
          return;
        }
        setFieldError(null);
        change.mutate(
          { oldPassword: current, newPassword: next },
          { onSuccess: () => onSaved(accountMessages.passwordChanged) },
        );
      }}
    >
      <PasswordInput
        label={accountMessages.currentPasswordLabel}
        value={current}
        onChange={(e) => setCurrent(e.currentTarget.value)}
        autoComplete="current-password"
        maxLength={128}
        data-autofocus
      />
      <PasswordInput
        label={accountMessages.newPasswordLabel}
        value={next}
        onChange={(e) => setNext(e.currentTarget.value)}
        autoComplete="new-password"
        maxLength={128}
        aria-describedby="change-password-rules"
      />
      <PasswordInput
        label={accountMessages.repeatPasswordLabel}
        value={repeat}
        onChange={(e) => setRepeat(e.currentTarget.value)}
        autoComplete="new-password"
        maxLength={128}
        error={fieldError}
      />
      <PasswordRules password={next} id="change-password-rules" />
    </DialogForm>
  );
}
