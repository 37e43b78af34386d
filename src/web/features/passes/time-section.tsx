import { Group, Paper, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { formatDate } from '../../../shared/format';
import { formatPassMessage, passMessages, passScreenMessages } from '../../../shared/messages';
import { computePassWindow, type PassWindowProblem } from '../../../shared/rules/pass-times';
import { type CheckoutContext, type CheckoutFormValues, checkoutTimes } from './checkout-form';
import { formatDuration } from './pass-presenters';
import { SectionTitle } from './section-title';

function describeWindowProblem(reason: PassWindowProblem, context: CheckoutContext): string {
  if (reason === 'past') return passScreenMessages.startInPast;
  if (reason === 'order') return passMessages.endBeforeStart;
  if (reason === 'starts-now') return passMessages.passStartsNow;
  const { permitDuration, permitDurationUnit } = context.product;
  return formatPassMessage(passScreenMessages.windowTooLong, {
    duration: formatDuration(permitDuration, permitDurationUnit),
  });
}

/**
 * When the pass runs (time selection types 1, 2 and 3), in the tenant's time zone. Start and end
 * are shown as the server will store them, before anything is paid.
 */
export function TimeSection(props: {
  form: UseFormReturnType<CheckoutFormValues>;
  context: CheckoutContext;
  nowLocal: string;
}) {
  const { form, context, nowLocal } = props;
  const { product, timeZone } = context;
  // One reading of the clock: a type 1 pass starts at it, and a second reading a millisecond
  // later would put the start after 'now' and show a date instead of "Starts now".
  const now = context.now();
  const times = checkoutTimes(form.values, { ...context, now: () => now });
  const hasTimes = product.timeSelectionType !== 3 || Boolean(times.date && times.endDate);
  const window = hasTimes ? computePassWindow(product, times, now, timeZone) : null;

  return (
    <Stack gap="sm" component="section" aria-labelledby="time-title">
      <SectionTitle id="time-title">{passScreenMessages.timeTitle}</SectionTitle>
      {product.timeSelectionType === 3 && (
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextInput
            type="datetime-local"
            label={passScreenMessages.startLabel}
            required
            min={nowLocal}
            {...form.getInputProps('startLocal')}
            name="startLocal"
          />
          <TextInput
            type="datetime-local"
            label={passScreenMessages.endLabel}
            required
            min={form.values.startLocal || nowLocal}
            {...form.getInputProps('endLocal')}
            name="endLocal"
          />
        </SimpleGrid>
      )}
      {window?.ok === false && (
        <Text c="red.9" size="sm" role="alert">
          {describeWindowProblem(window.reason, context)}
        </Text>
      )}
      {window?.ok && (
        <Paper withBorder p="sm" radius="md" bg="gray.0" data-testid="pass-window">
          <Group grow align="flex-start" gap="md">
            <Stack gap={2}>
              <Text size="xs" tt="uppercase" c="dimmed" fw={600}>
                {passScreenMessages.passStarts}
              </Text>
              <Text fw={600} data-testid="pass-start">
                {product.timeSelectionType === 1 && window.start.getTime() <= now.getTime()
                  ? passScreenMessages.startsNow
                  : formatDate(window.start, timeZone, 'dateTime')}
              </Text>
            </Stack>
            <Stack gap={2}>
              <Text size="xs" tt="uppercase" c="dimmed" fw={600}>
                {passScreenMessages.passEnds}
              </Text>
              <Text fw={600} data-testid="pass-end">
                {formatDate(window.end, timeZone, 'dateTime')}
              </Text>
            </Stack>
          </Group>
        </Paper>
      )}
      <Text size="xs" c="dimmed">
        {formatPassMessage(passScreenMessages.timeZoneNote, { zone: timeZone })}
      </Text>
    </Stack>
  );
}
