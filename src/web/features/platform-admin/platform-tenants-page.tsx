import {
  Alert,
  Button,
  Group,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { Navigate, useNavigate } from 'react-router';
import {
  createPlatformTenantContract,
  createTenantBodySchema,
  listPlatformTenantsContract,
} from '../../../shared/contract';
import { formatDate } from '../../../shared/format';
import { operatorMessages, platformAdminMessages } from '../../../shared/messages';
import { fillMessage } from '../../../shared/messages/fill';
import { listTimeZones } from '../../../shared/rules';
import { paths } from '../../app/page-paths';
import { FailureAlert } from '../../components/form-alerts';
import { FormCard } from '../../components/form-card';
import { type ResponsiveColumn, ResponsiveTable } from '../../components/responsive-table';
import { ApiError, callApi, isApiError } from '../../lib/api-client';
import { type ContractCaller, contractQuery } from '../../lib/contract-query';
import { useApiForm } from '../../lib/use-api-form';
import { NewOperatorFields } from '../operator/new-operator-fields';
import { clearPlatformAdminToken, readPlatformAdminToken } from './platform-admin-session';

/** A platform admin's call, with the token of their sign-in. */
const asPlatformAdmin: ContractCaller = (contract, input, signal) =>
  callApi(contract, input, { signal, authorization: readPlatformAdminToken() });
const tenantsQuery = () => contractQuery(listPlatformTenantsContract, {}, asPlatformAdmin);

function CreateTenantForm(props: { onCreated: (message: string) => void }) {
  const timeZones = useMemo(() => listTimeZones(), []);
  const { form, onSubmit, isSubmitting, formError } = useApiForm({
    schema: createTenantBodySchema,
    initialValues: {
      subdomain: '',
      brandTitle: '',
      timezone: 'America/New_York',
      adminName: '',
      adminEmail: '',
    },
    submit: (body) =>
      callApi(createPlatformTenantContract, { body }, { authorization: readPlatformAdminToken() }),
    onSuccess: (tenant, values) => {
      form.reset();
      props.onCreated(
        fillMessage(platformAdminMessages.created, { subdomain: tenant.subdomain, email: values.adminEmail }),
      );
    },
    fieldOf: (error) => (error.status === 409 ? 'subdomain' : null),
    describeError: (error) => (isApiError(error) ? error.message : String(error)),
  });
  return (
    <FormCard titleId="create-tenant-title" title={platformAdminMessages.createTitle} onSubmit={onSubmit}>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <TextInput
          label={platformAdminMessages.subdomainLabel}
          description={platformAdminMessages.subdomainHelp}
          maxLength={63}
          {...form.getInputProps('subdomain')}
        />
        <TextInput
          label={platformAdminMessages.titleLabel}
          maxLength={100}
          {...form.getInputProps('brandTitle')}
        />
        <Select
          label={platformAdminMessages.timezoneLabel}
          data={timeZones}
          searchable
          allowDeselect={false}
          {...form.getInputProps('timezone')}
        />
        <NewOperatorFields
          nameLabel={platformAdminMessages.adminNameLabel}
          emailLabel={platformAdminMessages.adminEmailLabel}
          nameInput={form.getInputProps('adminName')}
          emailInput={form.getInputProps('adminEmail')}
        />
      </SimpleGrid>
      <FailureAlert message={formError} />
      <Group justify="flex-end">
        <Button type="submit" loading={isSubmitting}>
          {platformAdminMessages.createButton}
        </Button>
      </Group>
    </FormCard>
  );
}

/** /admin/tenants on the bare host: every tenant, and a form to create one with its first admin. */
/** The tenants as the one responsive table (decision 182): cards headed by the subdomain on a phone. */
/** Read at each render, so the labels are in the page's language. */
const tenantColumns = (): readonly ResponsiveColumn[] => [
  { label: platformAdminMessages.subdomainLabel, isUnlabelledOnPhone: true },
  { label: platformAdminMessages.titleLabel },
  { label: platformAdminMessages.operatorsLabel },
  { label: platformAdminMessages.createdLabel },
];

export function PlatformTenantsPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [notice, setNotice] = useState<string | null>(null);
  const tenants = useQuery({
    ...tenantsQuery(),
    enabled: Boolean(readPlatformAdminToken()),
    retry: false,
  });
  const isRefused = tenants.error instanceof ApiError && tenants.error.status === 401;

  const signOut = () => {
    clearPlatformAdminToken();
    queryClient.removeQueries({ queryKey: tenantsQuery().queryKey });
    navigate(paths.admin.login(), { replace: true });
  };
  useEffect(() => {
    if (isRefused) clearPlatformAdminToken();
  }, [isRefused]);

  if (!readPlatformAdminToken() || isRefused) return <Navigate to={paths.admin.login()} replace />;

  return (
    <Stack gap="lg">
      <Group justify="space-between">
        <Title order={1}>{platformAdminMessages.tenantsTitle}</Title>
        <Button variant="default" onClick={signOut}>
          {operatorMessages.signOut}
        </Button>
      </Group>
      <CreateTenantForm
        onCreated={(message) => {
          setNotice(message);
          void queryClient.invalidateQueries({ queryKey: tenantsQuery().queryKey });
        }}
      />
      {notice && (
        <Alert color="green" role="status">
          {notice}
        </Alert>
      )}
      {tenants.isPending && (
        <Skeleton height={160} radius="md" aria-label={platformAdminMessages.tenantsTitle} />
      )}
      {tenants.isError && !isRefused && (
        <Alert color="red" role="alert">
          {tenants.error.message}
        </Alert>
      )}
      {tenants.data?.length === 0 && <Text>{platformAdminMessages.empty}</Text>}
      {tenants.data && tenants.data.length > 0 && (
        <ResponsiveTable
          columns={tenantColumns()}
          minWidth={520}
          verticalSpacing="sm"
          horizontalSpacing="md"
          aria-label={platformAdminMessages.tenantsTitle}
        >
          {tenants.data.map((tenant) => (
            <Table.Tr key={tenant.uuid}>
              <Table.Td className="break-anywhere">{tenant.subdomain}</Table.Td>
              <Table.Td className="break-anywhere">{tenant.brandTitle}</Table.Td>
              <Table.Td>{tenant.operatorCount}</Table.Td>
              <Table.Td>{formatDate(tenant.createdAt, tenant.timezone)}</Table.Td>
            </Table.Tr>
          ))}
        </ResponsiveTable>
      )}
    </Stack>
  );
}
