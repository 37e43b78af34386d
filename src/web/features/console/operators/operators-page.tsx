import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  NativeSelect,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { ConsoleOperator } from '../../../../shared/contract';
import { consoleMessages } from '../../../../shared/messages';
import { fillMessage } from '../../../../shared/messages/fill';
import type { OperatorRole } from '../../../../shared/rules/operator-roles';
import { ResponsiveTable } from '../../../components/responsive-table';
import { isApiError } from '../../../lib/api-client';
import { APPROVE_GREEN } from '../../operator/colors';
import { useOperatorMe } from '../console-api';
import { QueryError } from '../query-state';
import { InviteOperatorForm } from './invite-operator-form';
import { operatorsKey, resendInvitation, updateOperator, useOperators } from './operators-api';
import { ROLE_OPTIONS } from './role-options';

/** Dark enough that the badges' white text meets AA (Mantine's green.9 does not). */
const STATUS_COLORS: Record<ConsoleOperator['status'], string> = {
  active: APPROVE_GREEN,
  invited: 'blue.9',
  disabled: 'gray.7',
};

function OperatorRow(props: {
  operator: ConsoleOperator;
  isSelf: boolean;
  onChange: (action: () => Promise<unknown>) => void;
}) {
  const { operator, isSelf } = props;
  const [role, setRole] = useState<OperatorRole>(operator.role);
  // A saved change (or a refusal) comes back as a new list: show what the server has.
  useEffect(() => setRole(operator.role), [operator.role]);
  return (
    <Table.Tr>
      <Table.Td>
        <Text fw={600} size="sm">
          {operator.fullname} {isSelf && consoleMessages.you}
        </Text>
        <Text size="sm" c="dimmed" className="console-break">
          {operator.email}
        </Text>
      </Table.Td>
      <Table.Td>
        {/* The role is saved by its own button: arrowing through a native select fires a change
            per option, which must not demote anybody on the way. */}
        <Group gap="xs" wrap="nowrap">
          <NativeSelect
            aria-label={fillMessage(consoleMessages.changeRoleLabel, { name: operator.fullname })}
            data={ROLE_OPTIONS()}
            value={role}
            disabled={isSelf}
            onChange={(event) => setRole(event.currentTarget.value as OperatorRole)}
            size="sm"
          />
          {role !== operator.role && (
            <Button
              size="xs"
              onClick={() => props.onChange(() => updateOperator(operator.uuid, { role }))}
              aria-label={fillMessage(consoleMessages.saveRoleOf, { name: operator.fullname })}
            >
              {consoleMessages.saveRole}
            </Button>
          )}
        </Group>
      </Table.Td>
      <Table.Td>
        <Badge color={STATUS_COLORS[operator.status]}>{consoleMessages.statusNames[operator.status]}</Badge>
      </Table.Td>
      <Table.Td>
        <Group gap="xs" wrap="wrap">
          {operator.status === 'invited' && (
            <Button
              size="xs"
              variant="default"
              onClick={() => props.onChange(() => resendInvitation(operator.uuid))}
            >
              {consoleMessages.resendInvitation}
            </Button>
          )}
          {!isSelf && (
            <Button
              size="xs"
              variant="default"
              onClick={() =>
                props.onChange(() =>
                  updateOperator(operator.uuid, { isDisabled: operator.status !== 'disabled' }),
                )
              }
              aria-label={`${operator.status === 'disabled' ? consoleMessages.enable : consoleMessages.disable} ${operator.fullname}`}
            >
              {operator.status === 'disabled' ? consoleMessages.enable : consoleMessages.disable}
            </Button>
          )}
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}

/** /dashboard/operators: who runs the tenant, their roles, invitations and disabling. */
export function OperatorsPage() {
  const queryClient = useQueryClient();
  const me = useOperatorMe();
  const operators = useOperators();
  const [notice, setNotice] = useState<{ color: string; text: string } | null>(null);

  async function run(action: () => Promise<unknown>) {
    setNotice(null);
    try {
      const result = await action();
      if (result && typeof result === 'object' && 'message' in result) {
        setNotice({ color: 'green', text: String(result.message) });
      }
    } catch (error) {
      setNotice({ color: 'red', text: isApiError(error) ? error.message : String(error) });
    }
    await queryClient.invalidateQueries({ queryKey: operatorsKey });
  }

  return (
    <Stack gap="lg">
      <Title order={1}>{consoleMessages.operatorsTitle}</Title>
      <InviteOperatorForm
        onInvited={(text) => {
          setNotice({ color: 'green', text });
          void queryClient.invalidateQueries({ queryKey: operatorsKey });
        }}
      />
      {notice && (
        <Alert color={notice.color} role={notice.color === 'red' ? 'alert' : 'status'}>
          {notice.text}
        </Alert>
      )}
      {operators.isPending && <Skeleton height={200} radius="md" aria-label={consoleMessages.loading} />}
      <QueryError error={operators.error} />
      {operators.data?.length === 0 && <Text>{consoleMessages.operatorsEmpty}</Text>}
      {operators.data && operators.data.length > 0 && (
        <Card withBorder padding={0}>
          <ResponsiveTable
            minWidth={560}
            verticalSpacing="sm"
            horizontalSpacing="md"
            columns={[
              { label: consoleMessages.nameLabel, isUnlabelledOnPhone: true },
              { label: consoleMessages.roleLabel },
              { label: consoleMessages.statusLabel },
              { label: consoleMessages.actionsLabel, isLabelHidden: true },
            ]}
          >
            {operators.data.map((operator) => (
              <OperatorRow
                key={operator.uuid}
                operator={operator}
                isSelf={operator.uuid === me.data?.uuid}
                onChange={(action) => void run(action)}
              />
            ))}
          </ResponsiveTable>
        </Card>
      )}
    </Stack>
  );
}
