import { Button, Group, Select, SimpleGrid } from '@mantine/core';
import { inviteOperatorBodySchema } from '../../../../shared/contract';
import { consoleMessages } from '../../../../shared/messages';
import { fillMessage } from '../../../../shared/messages/fill';
import { FailureAlert } from '../../../components/form-alerts';
import { FormCard } from '../../../components/form-card';
import { isApiError } from '../../../lib/api-client';
import { useApiForm } from '../../../lib/use-api-form';
import { NewOperatorFields } from '../../operator/new-operator-fields';
import { inviteOperator } from './operators-api';
import { ROLE_OPTIONS } from './role-options';

/** Name, email and role of a new operator; the server emails them a link to set a password. */
export function InviteOperatorForm(props: { onInvited: (message: string) => void }) {
  const { form, onSubmit, isSubmitting, formError } = useApiForm({
    schema: inviteOperatorBodySchema,
    initialValues: { fullname: '', email: '', role: 'staff' },
    submit: inviteOperator,
    onSuccess: (invited) => {
      form.reset();
      props.onInvited(fillMessage(consoleMessages.invited, { email: invited.email }));
    },
    fieldOf: (error) => (error.status === 409 ? 'email' : null),
    describeError: (error) => (isApiError(error) ? error.message : String(error)),
  });
  return (
    <FormCard titleId="invite-title" title={consoleMessages.inviteTitle} onSubmit={onSubmit}>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
        <NewOperatorFields
          nameLabel={consoleMessages.nameLabel}
          emailLabel={consoleMessages.emailLabel}
          nameInput={form.getInputProps('fullname')}
          emailInput={form.getInputProps('email')}
        />
        <Select
          label={consoleMessages.roleLabel}
          data={ROLE_OPTIONS()}
          allowDeselect={false}
          {...form.getInputProps('role')}
        />
      </SimpleGrid>
      <FailureAlert message={formError} />
      <Group justify="flex-end">
        <Button type="submit" loading={isSubmitting}>
          {consoleMessages.inviteButton}
        </Button>
      </Group>
    </FormCard>
  );
}
