import { NumberInput, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import type { TenantGuestQuota } from '../../../../shared/contract';
import { guestQuotaMessages as m } from '../../../../shared/messages';

type Measure = TenantGuestQuota['measure'];

/** A new cap starts from issue 31's example: 72 hours of guest parking per 14 days, per account. */
const STARTING_QUOTA = (measure: Measure): TenantGuestQuota => ({
  measure,
  count: measure === 'hours' ? 72 : 3,
  perDays: 14,
  per: 'customer',
});

/**
 * The tenant's guest quota (decision 249): none, or a cap in hours or passes per rolling window,
 * counted per account or per household. Applies to visitor passes without a quota of their own.
 */
export function GuestQuotaFields({
  value,
  errors,
  onChange,
}: {
  value: TenantGuestQuota | null;
  /** The form's messages by field ('count', 'perDays'), when the save was refused. */
  errors: Partial<Record<'count' | 'perDays', string>>;
  onChange: (next: TenantGuestQuota | null) => void;
}) {
  const set = (changes: Partial<TenantGuestQuota>) => value && onChange({ ...value, ...changes });
  const whole = (input: string | number) => (input === '' ? 0 : Number(input));
  return (
    <Stack gap="md">
      <Text size="sm">{m.settingsIntro}</Text>
      <Select
        label={m.measureLabel}
        data={[
          { value: 'none', label: m.measureNone },
          { value: 'hours', label: m.measureHours },
          { value: 'passes', label: m.measurePasses },
        ]}
        value={value?.measure ?? 'none'}
        allowDeselect={false}
        onChange={(next) => {
          if (next === 'hours' || next === 'passes') {
            onChange(value ? { ...value, measure: next } : STARTING_QUOTA(next));
          } else onChange(null);
        }}
      />
      {value && (
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
          <NumberInput
            label={value.measure === 'hours' ? m.countHoursLabel : m.countPassesLabel}
            min={1}
            max={100_000}
            allowDecimal={false}
            value={value.count}
            error={errors.count}
            onChange={(input) => set({ count: whole(input) })}
          />
          <NumberInput
            label={m.perDaysLabel}
            description={m.perDaysHint}
            min={1}
            max={1000}
            allowDecimal={false}
            value={value.perDays}
            error={errors.perDays}
            onChange={(input) => set({ perDays: whole(input) })}
          />
          <Select
            label={m.perLabel}
            description={m.perHint}
            data={[
              { value: 'customer', label: m.perCustomer },
              { value: 'unit', label: m.perUnit },
            ]}
            value={value.per}
            allowDeselect={false}
            onChange={(next) => set({ per: next === 'unit' ? 'unit' : 'customer' })}
          />
        </SimpleGrid>
      )}
    </Stack>
  );
}
