import {
  Alert,
  Button,
  Card,
  Checkbox,
  ColorInput,
  Group,
  NumberInput,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useMemo, useState } from 'react';
import {
  type TenantSettings,
  type TenantSettingsBody,
  tenantSettingsBodySchema,
} from '../../../../shared/contract';
import { formatMoney, moneyInputFormat } from '../../../../shared/format';
import { setPageCurrency } from '../../../../shared/format/current-currency';
import { LOCALES, type Locale } from '../../../../shared/i18n/locales';
import {
  consoleMessages,
  guestQuotaMessages,
  paymentPlanMessages,
  repeatOffenderMessages,
} from '../../../../shared/messages';
import { currencyMessages, currencyNames } from '../../../../shared/messages/currencies';
import { languageMessages, languageNames } from '../../../../shared/messages/languages';
import {
  CURRENCIES,
  isCurrency,
  listTimeZones,
  MAX_PLAN_FEE,
  MAX_PLAN_GRACE_DAYS,
  MAX_PLAN_INSTALMENTS,
  MAX_REPEAT_OFFENDER_NOTICE_COUNT,
  MAX_REPEAT_OFFENDER_OVERDUE_DAYS,
  MIN_PLAN_INSTALMENTS,
} from '../../../../shared/rules';
import { FailureAlert } from '../../../components/form-alerts';
import { isApiError } from '../../../lib/api-client';
import { useApiForm } from '../../../lib/use-api-form';
import { QueryError } from '../query-state';
import { BrandPreview } from './brand-preview';
import { GuestQuotaFields } from './guest-quota-section';
import { LogoField } from './logo-field';
import { saveTenantSettings, tenantSettingsKey, useTenantSettings } from './settings-api';
import { TenantExportCard } from './tenant-export-card';

type FlagField =
  | 'isCitationOnly'
  | 'isPermitOnly'
  | 'isPrivate'
  | 'isLoginOnly'
  | 'isViolationAndNotNotice'
  | 'isPermitCodeNeeded';

const FLAGS = (): Array<[FlagField, string]> => [
  ['isCitationOnly', consoleMessages.isCitationOnlyLabel],
  ['isPermitOnly', consoleMessages.isPermitOnlyLabel],
  ['isPrivate', consoleMessages.isPrivateLabel],
  ['isLoginOnly', consoleMessages.isLoginOnlyLabel],
  ['isViolationAndNotNotice', consoleMessages.isViolationAndNotNoticeLabel],
  ['isPermitCodeNeeded', consoleMessages.isPermitCodeNeededLabel],
];

/** What the form edits: the settings without the read-only parts. */
function toBody(settings: TenantSettings): TenantSettingsBody {
  const { logoVersion: _version, serviceFeeCents: _fee, subdomain: _subdomain, ...body } = settings;
  return { ...body, brandColor: `#${settings.brandColor}` };
}

/** A number input's value as the contract wants it: empty is null, anything else a number. */
const numberOrNull = (value: string | number) => (value === '' ? null : Number(value));

/** Money inputs show the tenant's currency with cents, as amounts are written; the API keeps cents. */
const moneyInput = () => ({ decimalScale: 2, fixedDecimalScale: true, ...moneyInputFormat() });
const centsToDollars = (cents: number | undefined) => (cents ?? 0) / 100;
const dollarsToCents = (value: string | number) => Math.round(Number(value || 0) * 100);

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card withBorder padding="lg" component="section" aria-label={title}>
      <Stack gap="md">
        <Title order={2} size="h3">
          {title}
        </Title>
        {children}
      </Stack>
    </Card>
  );
}

function SettingsForm({ settings }: { settings: TenantSettings }) {
  const queryClient = useQueryClient();
  const [savedMessage, setSavedMessage] = useState<string | null>(null);
  const timeZones = useMemo(() => listTimeZones(), []);
  const { form, onSubmit, isSubmitting, formError } = useApiForm({
    schema: tenantSettingsBodySchema,
    initialValues: toBody(settings),
    submit: saveTenantSettings,
    onSuccess: (saved) => {
      // Amounts are written in the saved currency from now on, on this screen and the others.
      setPageCurrency(saved.currency);
      queryClient.setQueryData(tenantSettingsKey, saved);
      form.setValues(toBody(saved));
      form.resetDirty(toBody(saved));
      setSavedMessage(consoleMessages.settingsSaved);
    },
    describeError: (error) => (isApiError(error) ? error.message : String(error)),
  });
  const values = form.values;
  const change = () => setSavedMessage(null);

  return (
    <form onSubmit={onSubmit} noValidate onChange={change}>
      <Stack gap="lg">
        <Section title={consoleMessages.brandSection}>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
            <Stack gap="md">
              <TextInput
                label={consoleMessages.brandTitleLabel}
                required
                maxLength={100}
                {...form.getInputProps('brandTitle')}
              />
              <ColorInput
                label={consoleMessages.brandColorLabel}
                format="hex"
                withEyeDropper={false}
                {...form.getInputProps('brandColor')}
              />
              <TextInput
                label={consoleMessages.header1Label}
                maxLength={500}
                {...form.getInputProps('header1')}
                value={values.header1 ?? ''}
              />
              <TextInput
                label={consoleMessages.header2Label}
                maxLength={500}
                {...form.getInputProps('header2')}
                value={values.header2 ?? ''}
              />
            </Stack>
            <Stack gap="md">
              <BrandPreview brandColor={values.brandColor} brandTitle={values.brandTitle} />
              <LogoField
                value={values.logoUrl}
                onChange={(url) => {
                  form.setFieldValue('logoUrl', url);
                  change();
                }}
              />
            </Stack>
          </SimpleGrid>
        </Section>

        <Section title={consoleMessages.contactSection}>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput
              label={consoleMessages.contactEmailLabel}
              type="email"
              {...form.getInputProps('contactEmail')}
              value={values.contactEmail ?? ''}
            />
            <TextInput
              label={consoleMessages.contactNumberLabel}
              type="tel"
              {...form.getInputProps('contactNumber')}
              value={values.contactNumber ?? ''}
            />
          </SimpleGrid>
        </Section>

        <Section title={consoleMessages.portalSection}>
          <Stack gap="sm">
            {FLAGS().map(([field, label]) => (
              <Switch key={field} label={label} {...form.getInputProps(field, { type: 'checkbox' })} />
            ))}
          </Stack>
        </Section>

        <Section title={consoleMessages.rulesSection}>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <Select
              label={consoleMessages.timezoneLabel}
              data={timeZones}
              searchable
              allowDeselect={false}
              {...form.getInputProps('timezone')}
            />
            <NumberInput
              label={consoleMessages.maxPermitCountLabel}
              description={consoleMessages.maxPermitCountHelp}
              min={1}
              max={1000}
              allowDecimal={false}
              {...form.getInputProps('maxPermitCountPerCustomer')}
              value={values.maxPermitCountPerCustomer ?? ''}
              onChange={(value) => form.setFieldValue('maxPermitCountPerCustomer', numberOrNull(value))}
            />
            <NumberInput
              label={consoleMessages.appealWindowLabel}
              min={0}
              max={3650}
              allowDecimal={false}
              {...form.getInputProps('appealWindowDays')}
            />
            <NumberInput
              label={consoleMessages.unpaidReservationLabel}
              min={1}
              max={1440}
              allowDecimal={false}
              {...form.getInputProps('unpaidReservationMinutes')}
            />
            <NumberInput
              label={consoleMessages.processingFeePercentLabel}
              min={0}
              max={20}
              decimalScale={2}
              suffix=" %"
              {...form.getInputProps('processingFeeBasisPoints')}
              value={values.processingFeeBasisPoints / 100}
              onChange={(value) =>
                form.setFieldValue('processingFeeBasisPoints', Math.round(Number(value || 0) * 100))
              }
            />
            <NumberInput
              label={consoleMessages.processingFeeFixedLabel}
              min={0}
              max={1000}
              {...moneyInput()}
              {...form.getInputProps('processingFeeFixedCents')}
              value={values.processingFeeFixedCents / 100}
              onChange={(value) =>
                form.setFieldValue('processingFeeFixedCents', Math.round(Number(value || 0) * 100))
              }
            />
          </SimpleGrid>
          <Text size="sm">
            {`${consoleMessages.serviceFeeLabel}: ${formatMoney(settings.serviceFeeCents)}`}
          </Text>
        </Section>

        <Section title={currencyMessages.settingsSection}>
          <Select
            label={currencyMessages.settingsLabel}
            description={currencyMessages.settingsHint}
            data={CURRENCIES.map((currency) => ({ value: currency, label: currencyNames[currency] }))}
            allowDeselect={false}
            maw={480}
            {...form.getInputProps('currency')}
            onChange={(value) => {
              if (isCurrency(value)) form.setFieldValue('currency', value);
              change();
            }}
          />
        </Section>

        <Section title={languageMessages.settingsSection}>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <Checkbox.Group
              label={languageMessages.offeredLabel}
              {...form.getInputProps('languages')}
              value={values.languages ?? []}
              onChange={(chosen) => {
                const languages = LOCALES.filter((locale) => chosen.includes(locale));
                form.setFieldValue('languages', languages);
                // The default must be offered: it moves to the first one left when it is turned off.
                const first = languages[0];
                if (first && values.defaultLanguage && !languages.includes(values.defaultLanguage)) {
                  form.setFieldValue('defaultLanguage', first);
                }
                change();
              }}
            >
              <Stack gap="xs" mt="xs">
                {LOCALES.map((locale) => (
                  <Checkbox key={locale} value={locale} label={languageNames[locale]} lang={locale} />
                ))}
              </Stack>
            </Checkbox.Group>
            <Select
              label={languageMessages.defaultLabel}
              description={languageMessages.defaultHint}
              data={(values.languages ?? []).map((locale) => ({
                value: locale,
                label: languageNames[locale],
              }))}
              allowDeselect={false}
              {...form.getInputProps('defaultLanguage')}
              onChange={(value) => {
                if (value) form.setFieldValue('defaultLanguage', value as Locale);
                change();
              }}
            />
          </SimpleGrid>
        </Section>

        <Section title={repeatOffenderMessages.settingsHeading}>
          <Text size="sm">{repeatOffenderMessages.settingsIntro}</Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <NumberInput
              label={repeatOffenderMessages.noticeCountLabel}
              description={repeatOffenderMessages.noticeCountHint}
              min={1}
              max={MAX_REPEAT_OFFENDER_NOTICE_COUNT}
              allowDecimal={false}
              {...form.getInputProps('repeatOffenderNoticeCount')}
              value={values.repeatOffenderNoticeCount ?? ''}
              onChange={(value) => form.setFieldValue('repeatOffenderNoticeCount', numberOrNull(value))}
            />
            <NumberInput
              label={repeatOffenderMessages.overdueDaysLabel}
              description={repeatOffenderMessages.overdueDaysHint}
              min={1}
              max={MAX_REPEAT_OFFENDER_OVERDUE_DAYS}
              allowDecimal={false}
              {...form.getInputProps('repeatOffenderOverdueDays')}
              value={values.repeatOffenderOverdueDays ?? ''}
              onChange={(value) => form.setFieldValue('repeatOffenderOverdueDays', numberOrNull(value))}
            />
          </SimpleGrid>
        </Section>

        <Section title={guestQuotaMessages.settingsHeading}>
          <GuestQuotaFields
            value={values.guestQuota ?? null}
            errors={{
              count: form.errors['guestQuota.count'] as string | undefined,
              perDays: form.errors['guestQuota.perDays'] as string | undefined,
            }}
            onChange={(next) => {
              form.setFieldValue('guestQuota', next);
              change();
            }}
          />
        </Section>

        <Section title={paymentPlanMessages.settingsHeading}>
          <Text size="sm">{paymentPlanMessages.settingsIntro}</Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <NumberInput
              label={paymentPlanMessages.thresholdLabel}
              description={paymentPlanMessages.thresholdHint}
              min={0.01}
              {...moneyInput()}
              {...form.getInputProps('paymentPlanThreshold')}
              value={values.paymentPlanThreshold === null ? '' : centsToDollars(values.paymentPlanThreshold)}
              onChange={(value) =>
                form.setFieldValue('paymentPlanThreshold', value === '' ? null : dollarsToCents(value))
              }
            />
            <NumberInput
              label={paymentPlanMessages.maxInstalmentsLabel}
              description={paymentPlanMessages.maxInstalmentsHint}
              min={MIN_PLAN_INSTALMENTS}
              max={MAX_PLAN_INSTALMENTS}
              allowDecimal={false}
              {...form.getInputProps('paymentPlanMaxInstalments')}
            />
            <NumberInput
              label={paymentPlanMessages.feeLabel}
              description={paymentPlanMessages.feeHint}
              min={0}
              max={MAX_PLAN_FEE / 100}
              {...moneyInput()}
              {...form.getInputProps('paymentPlanFee')}
              value={centsToDollars(values.paymentPlanFee)}
              onChange={(value) => form.setFieldValue('paymentPlanFee', dollarsToCents(value))}
            />
            <NumberInput
              label={paymentPlanMessages.graceDaysLabel}
              description={paymentPlanMessages.graceDaysHint}
              min={1}
              max={MAX_PLAN_GRACE_DAYS}
              allowDecimal={false}
              {...form.getInputProps('paymentPlanGraceDays')}
            />
          </SimpleGrid>
        </Section>

        <FailureAlert message={formError} />
        {savedMessage && (
          <Alert color="green" role="status">
            {savedMessage}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button type="submit" loading={isSubmitting}>
            {consoleMessages.save}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** /dashboard/settings: the tenant's brand, contact details, portal flags, rules and fees. */
export function SettingsPage() {
  const settings = useTenantSettings();
  return (
    <Stack gap="lg">
      <Title order={1}>{consoleMessages.settingsTitle}</Title>
      {settings.isPending && <Skeleton height={480} radius="md" aria-label={consoleMessages.loading} />}
      <QueryError error={settings.error} />
      {settings.data && <SettingsForm settings={settings.data} />}
      <TenantExportCard />
    </Stack>
  );
}
