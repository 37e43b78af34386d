import {
  Anchor,
  Badge,
  Button,
  Group,
  Loader,
  Modal,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { z } from 'zod';
import {
  checkLateTiers,
  lateDaysSchema,
  type ViolationCode,
  violationCodeFieldsSchema,
} from '../../../../shared/contract';
import { formatCurrencyCode, formatMoney } from '../../../../shared/format';
import { consoleDeskMessages as d } from '../../../../shared/messages/console-desk';
import { consoleNoticeMessages as m } from '../../../../shared/messages/console-notices';
import { fillMessage } from '../../../../shared/messages/fill';
import { paths } from '../../../app/page-paths';
import { FailureAlert } from '../../../components/form-alerts';
import { ResponsiveTable } from '../../../components/responsive-table';
import { useApiForm } from '../../../lib/use-api-form';
import { QueryError } from '../query-state';
import {
  createViolationCode,
  setViolationCodeArchived,
  updateViolationCode,
  useViolationCodes,
  violationCodesKey,
} from './api';
import { dollarsFieldSchema, dollarsText } from './dollars-field';

const daysField = z
  .string()
  .trim()
  .transform((value) => (value === '' ? null : Number(value)))
  .pipe(lateDaysSchema.nullable());

/** The contract's fields with the form's text inputs for money and days, and the same tier rules. */
const codeFormSchema = violationCodeFieldsSchema
  .extend({
    amount: dollarsFieldSchema.pipe(z.number({ message: 'is required' })),
    lateAmount1: dollarsFieldSchema,
    lateDays1: daysField,
    lateAmount2: dollarsFieldSchema,
    lateDays2: daysField,
  })
  .superRefine(checkLateTiers);

function tierText(amount: number | null, days: number | null) {
  return amount === null || days === null ? '—' : `+${formatMoney(amount)} after ${days} days`;
}

function CodeForm({ code, onDone }: { code: ViolationCode | null; onDone: () => void }) {
  const queryClient = useQueryClient();
  const { form, onSubmit, isSubmitting, formError } = useApiForm({
    schema: codeFormSchema,
    initialValues: {
      name: code?.name ?? '',
      description: code?.description ?? '',
      amount: dollarsText(code?.amount),
      lateAmount1: dollarsText(code?.lateAmount1),
      lateDays1: code?.lateDays1?.toString() ?? '',
      lateAmount2: dollarsText(code?.lateAmount2),
      lateDays2: code?.lateDays2?.toString() ?? '',
    },
    submit: (values) => (code ? updateViolationCode(code.uuid, values) : createViolationCode(values)),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: violationCodesKey });
      onDone();
    },
    fieldOf: (error) => (error.status === 409 ? 'name' : null),
    describeError: (error) => (error as Error).message,
  });
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="sm">
        <FailureAlert message={formError} />
        <TextInput
          label={m.codeNameLabel}
          required
          data-autofocus
          maxLength={60}
          {...form.getInputProps('name')}
        />
        <TextInput label={m.codeDescriptionLabel} maxLength={300} {...form.getInputProps('description')} />
        <TextInput
          label={fillMessage(m.codeAmountLabel, { currency: formatCurrencyCode() })}
          required
          inputMode="decimal"
          {...form.getInputProps('amount')}
        />
        {([1, 2] as const).map((n) => (
          <SimpleGrid key={n} cols={2}>
            <TextInput
              label={fillMessage(m.lateAmountLabel, { n, currency: formatCurrencyCode() })}
              inputMode="decimal"
              {...form.getInputProps(`lateAmount${n}`)}
            />
            <TextInput
              label={fillMessage(m.lateDaysLabel, { n })}
              inputMode="numeric"
              {...form.getInputProps(`lateDays${n}`)}
            />
          </SimpleGrid>
        ))}
        <Text size="sm" c="dimmed">
          {m.codesHint}
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {m.cancel}
          </Button>
          <Button type="submit" loading={isSubmitting}>
            {m.saveCode}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Archives a code or brings it back; the list is read again after either. */
function ArchiveButton({ code }: { code: ViolationCode }) {
  const queryClient = useQueryClient();
  const isArchived = code.archivedAt !== null;
  const change = useMutation({
    mutationFn: () => setViolationCodeArchived(code.uuid, !isArchived),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: violationCodesKey }),
  });
  const button = (
    <Button
      size="xs"
      variant={isArchived ? 'light' : 'subtle'}
      color={isArchived ? undefined : 'gray'}
      loading={change.isPending}
      onClick={() => change.mutate()}
      aria-label={fillMessage(isArchived ? d.restoreCodeLabel : d.archiveCodeLabel, { name: code.name })}
    >
      {isArchived ? d.restoreCode : d.archiveCode}
    </Button>
  );
  return change.error ? (
    <Stack gap={4}>
      {button}
      <Text size="xs" c="red" role="alert">
        {change.error.message}
      </Text>
    </Stack>
  ) : (
    button
  );
}

/** /dashboard/notices/codes: the tenant's violation codes, their amounts and late tiers. */
export function ViolationCodesPage() {
  const codes = useViolationCodes();
  const [editing, setEditing] = useState<ViolationCode | 'new' | null>(null);
  // Codes in use first, archived ones after; each group by name as the server sends them.
  const sorted = codes.data
    ? [...codes.data.filter((code) => !code.archivedAt), ...codes.data.filter((code) => code.archivedAt)]
    : undefined;
  return (
    <Stack gap="md" maw={960}>
      <Anchor component={Link} to={paths.console.notices()}>
        {m.backToList}
      </Anchor>
      <Group justify="space-between" wrap="wrap">
        <Title order={1}>{m.codesTitle}</Title>
        <Button onClick={() => setEditing('new')}>{m.addCode}</Button>
      </Group>
      <Text size="sm" c="dimmed">
        {d.archiveHint}
      </Text>
      <QueryError error={codes.error} />
      {codes.isLoading && <Loader aria-label={m.codesTitle} />}
      {codes.data?.length === 0 && <Text role="status">{m.codesEmpty}</Text>}
      {sorted && sorted.length > 0 && (
        <ResponsiveTable
          minWidth={640}
          striped
          columns={[
            { label: m.codeNameLabel, isUnlabelledOnPhone: true },
            { label: fillMessage(m.codeAmountLabel, { currency: formatCurrencyCode() }) },
            { label: fillMessage(m.lateTier, { n: 1 }) },
            { label: fillMessage(m.lateTier, { n: 2 }) },
            { label: m.save, isLabelHidden: true },
          ]}
        >
          {sorted.map((code) => (
            <Table.Tr key={code.uuid}>
              <Table.Td>
                <Group gap="xs" wrap="nowrap">
                  <Text fw={600} c={code.archivedAt ? 'dimmed' : undefined}>
                    {code.name}
                  </Text>
                  {code.archivedAt && (
                    <Badge color="gray" variant="light">
                      {d.archivedBadge}
                    </Badge>
                  )}
                </Group>
                {code.description && (
                  <Text size="sm" c="dimmed">
                    {code.description}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>{code.amount === null ? m.noAmount : formatMoney(code.amount)}</Table.Td>
              <Table.Td>{tierText(code.lateAmount1, code.lateDays1)}</Table.Td>
              <Table.Td>{tierText(code.lateAmount2, code.lateDays2)}</Table.Td>
              <Table.Td>
                <Group gap="xs" wrap="nowrap">
                  <Button
                    size="xs"
                    variant="default"
                    onClick={() => setEditing(code)}
                    aria-label={fillMessage(m.editCode, { name: code.name })}
                  >
                    Edit
                  </Button>
                  <ArchiveButton code={code} />
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </ResponsiveTable>
      )}
      <Modal
        closeButtonProps={{ 'aria-label': m.cancel }}
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={
          editing === 'new' || editing === null ? m.addCode : fillMessage(m.editCode, { name: editing.name })
        }
      >
        {editing !== null && (
          <CodeForm code={editing === 'new' ? null : editing} onDone={() => setEditing(null)} />
        )}
      </Modal>
    </Stack>
  );
}
