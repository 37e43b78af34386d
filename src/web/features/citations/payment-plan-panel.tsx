import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  NativeSelect,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import {
  type CitationDetail,
  type PaymentPlan,
  type PaymentPlanOffer,
  type PlanInstalment,
  startPaymentPlanContract,
} from '../../../shared/contract';
import { formatCalendarDate, formatMoney } from '../../../shared/format';
import { fillMessage, paymentPlanMessages } from '../../../shared/messages';
import { isValidEmail, MIN_PLAN_INSTALMENTS, planSchedule } from '../../../shared/rules';
import { useTenantTimeZone } from '../../app/brand';
import { useIsHydrated } from '../../app/use-is-hydrated';
import { isApiError } from '../../lib/api-client';
import { useRedirectingMutation } from '../../lib/use-redirecting-mutation';

/** Read at each render, so the texts are in the page's language. */
const INSTALMENT_STATUS = (): Record<PlanInstalment['status'], string> => ({
  due: paymentPlanMessages.statusDue,
  failed: paymentPlanMessages.statusFailed,
  paid: paymentPlanMessages.statusPaid,
  paid_off: paymentPlanMessages.statusPaidOff,
  canceled: paymentPlanMessages.statusCanceled,
});

/**
 * 'Pay in instalments' beside paying in full (issue 31): the payer picks how many, sees every
 * date and amount (and the plan fee) before the checkout, which takes the first instalment.
 */
export function PaymentPlanOfferPanel({
  citation,
  offer,
}: {
  citation: CitationDetail;
  offer: PaymentPlanOffer;
}) {
  const timeZone = useTenantTimeZone();
  const isHydrated = useIsHydrated();
  const [isOpen, setIsOpen] = useState(false);
  const [count, setCount] = useState(MIN_PLAN_INSTALMENTS);
  const [email, setEmail] = useState('');
  const [emailError, setEmailError] = useState<string | null>(null);
  const checkout = useRedirectingMutation(startPaymentPlanContract, (answer) => answer.checkoutURL);
  // The same rule the server fixes the plan with; today's date is the tenant's.
  const schedule = planSchedule({
    noticeAmount: citation.amountDue,
    fee: offer.fee,
    count,
    start: new Date(),
    timeZone,
  });

  function start() {
    if (!isValidEmail(email.trim())) {
      setEmailError(paymentPlanMessages.emailInvalid);
      return;
    }
    setEmailError(null);
    checkout.mutate({ params: { uuid: citation.uuid }, body: { instalments: count, email: email.trim() } });
  }

  if (!isOpen) {
    return (
      <Button
        variant="outline"
        size="md"
        onClick={() => setIsOpen(true)}
        disabled={!isHydrated}
        data-testid="plan-open"
      >
        {paymentPlanMessages.offerButton}
      </Button>
    );
  }
  const options = Array.from({ length: offer.maxInstalments - MIN_PLAN_INSTALMENTS + 1 }, (_, index) => {
    const value = String(index + MIN_PLAN_INSTALMENTS);
    return { value, label: fillMessage(paymentPlanMessages.countOption, { count: value }) };
  });
  return (
    <Card
      withBorder
      padding="md"
      component="section"
      aria-labelledby="plan-offer-title"
      data-testid="plan-offer"
    >
      <Stack gap="sm">
        <Title order={2} size="h4" id="plan-offer-title">
          {paymentPlanMessages.offerTitle}
        </Title>
        <Text size="sm">{paymentPlanMessages.offerIntro}</Text>
        <NativeSelect
          label={paymentPlanMessages.countLabel}
          data={options}
          value={String(count)}
          onChange={(event) => setCount(Number(event.currentTarget.value))}
        />
        <TextInput
          label={paymentPlanMessages.emailLabel}
          type="email"
          autoComplete="email"
          required
          value={email}
          error={emailError}
          onChange={(event) => setEmail(event.currentTarget.value)}
        />
        <Table
          layout="fixed"
          withTableBorder
          data-testid="plan-schedule"
          aria-labelledby="plan-schedule-title"
        >
          <Table.Caption id="plan-schedule-title">{paymentPlanMessages.scheduleTitle}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{paymentPlanMessages.scheduleDate}</Table.Th>
              <Table.Th ta="right">{paymentPlanMessages.scheduleAmount}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {schedule.map((line) => (
              <Table.Tr key={line.sequence}>
                <Table.Td>
                  {line.sequence === 1
                    ? `${paymentPlanMessages.scheduleToday} (${formatCalendarDate(line.dueOn)})`
                    : formatCalendarDate(line.dueOn)}
                </Table.Td>
                <Table.Td ta="right">{formatMoney(line.amount)}</Table.Td>
              </Table.Tr>
            ))}
            {offer.fee > 0 && (
              <Table.Tr>
                <Table.Td>{paymentPlanMessages.scheduleFee}</Table.Td>
                <Table.Td ta="right">{formatMoney(offer.fee)}</Table.Td>
              </Table.Tr>
            )}
            <Table.Tr>
              <Table.Th scope="row">{paymentPlanMessages.scheduleTotal}</Table.Th>
              <Table.Td ta="right" fw={700} data-testid="plan-total">
                {formatMoney(citation.amountDue + offer.fee)}
              </Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>
        <Text size="sm">{paymentPlanMessages.lateNote}</Text>
        {checkout.error && (
          <Alert color="red" role="alert">
            {isApiError(checkout.error) ? checkout.error.message : paymentPlanMessages.startFailed}
          </Alert>
        )}
        <Group gap="sm">
          <Button onClick={start} loading={checkout.isLeaving} data-testid="plan-start">
            {paymentPlanMessages.startButton}
          </Button>
          <Button variant="subtle" onClick={() => setIsOpen(false)}>
            {paymentPlanMessages.cancelButton}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

/** A notice's plan: what is paid and what remains, the next date, and every instalment. */
export function PaymentPlanStatus({ plan }: { plan: PaymentPlan }) {
  const next = plan.instalments.find((row) => row.status === 'due' || row.status === 'failed');
  const failed = plan.instalments.find((row) => row.status === 'failed');
  const title =
    plan.status === 'active'
      ? paymentPlanMessages.onPlanTitle
      : plan.status === 'completed'
        ? paymentPlanMessages.planCompleted
        : paymentPlanMessages.consoleTitle;
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="plan-title" data-testid="payment-plan">
      <Stack gap="sm">
        <Title order={2} size="h4" id="plan-title">
          {title}
        </Title>
        <Group gap="lg" wrap="wrap">
          <Text fw={600} data-testid="plan-paid">
            {fillMessage(paymentPlanMessages.onPlanPaid, { amount: formatMoney(plan.paid) })}
          </Text>
          <Text fw={600} data-testid="plan-remaining">
            {fillMessage(paymentPlanMessages.onPlanRemaining, { amount: formatMoney(plan.remaining) })}
          </Text>
        </Group>
        {plan.status === 'active' && next && (
          <Text data-testid="plan-next">
            {fillMessage(paymentPlanMessages.onPlanNext, {
              amount: formatMoney(next.amount),
              date: formatCalendarDate(next.dueOn),
            })}
          </Text>
        )}
        {plan.status === 'active' && failed && plan.graceEndsOn && (
          <Alert color="yellow" role="status">
            {fillMessage(paymentPlanMessages.onPlanFailed, {
              date: formatCalendarDate(failed.dueOn),
              graceDate: formatCalendarDate(plan.graceEndsOn),
            })}
          </Alert>
        )}
        {plan.status === 'defaulted' && <Alert color="red">{paymentPlanMessages.planDefaulted}</Alert>}
        {plan.status === 'canceled' && <Text>{paymentPlanMessages.planCanceled}</Text>}
        <InstalmentTable plan={plan} />
      </Stack>
    </Card>
  );
}

/** Every instalment of a plan with its date, amount and state (the notice page and the console). */
export function InstalmentTable({ plan }: { plan: PaymentPlan }) {
  return (
    <Table
      layout="fixed"
      withTableBorder
      data-testid="plan-instalments"
      aria-label={paymentPlanMessages.instalmentsTitle}
    >
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{paymentPlanMessages.scheduleDate}</Table.Th>
          <Table.Th ta="right">{paymentPlanMessages.scheduleAmount}</Table.Th>
          <Table.Th>{paymentPlanMessages.scheduleStatus}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {plan.instalments.map((row) => (
          <Table.Tr key={row.sequence}>
            <Table.Td>{formatCalendarDate(row.dueOn)}</Table.Td>
            <Table.Td ta="right">{formatMoney(row.amount)}</Table.Td>
            <Table.Td>
              <Badge variant="outline" color={row.status === 'failed' ? 'red' : 'dark'}>
                {INSTALMENT_STATUS()[row.status]}
              </Badge>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
