import {
  ActionIcon,
  Alert,
  Anchor,
  Button,
  Card,
  Checkbox,
  Group,
  Image,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useRef, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import {
  type ConsoleProduct,
  createConsoleProductContract,
  getConsoleProductContract,
  type ProductEditorInput,
  productEditorSchema,
  updateConsoleProductContract,
} from '../../../../shared/contract';
import { dayjs } from '../../../../shared/format';
import { consoleProductMessages as m, waitlistMessages } from '../../../../shared/messages';
import { fillMessage } from '../../../../shared/messages/fill';
import {
  ADVANCED_TYPES,
  BILLING_PERIODS,
  BILLING_TYPES,
  DURATION_UNITS,
  QUOTA_MEASURES,
  QUOTA_SUBJECTS,
} from '../../../../shared/rules/pass-values';
import { useTenantTimeZone } from '../../../app/brand';
import { ApiError } from '../../../lib/api-client';
import { acceptFor, uploadFile } from '../../../lib/upload-file';
import { useApiForm } from '../../../lib/use-api-form';
import { DENY_RED } from '../../operator/colors';
import { callAsOperator } from '../operator-call';
import { QueryState } from '../query-state';
import { consoleProductsKey } from './products-page';
import { RichTextEditor } from './rich-text-editor';
import { ShortReminderField } from './short-reminder-field';

const NEW_PRODUCT: ProductEditorInput = {
  name: '',
  description: null,
  amount: 0,
  billingType: 'ONE TIME',
  billingPeriod: 'NONE',
  permitDuration: 1,
  permitDurationUnit: 'DAY',
  timeSelectionType: 1,
  chosenDate: null,
  chosenEndDate: null,
  advancedType: 0,
  isAutoApproved: true,
  isEmailVerify: false,
  isSignupCodeRequired: false,
  isRegImgRequired: false,
  needsGuestCode: false,
  guestFieldsType: 1,
  guestNeedsPermitHolderInfo: false,
  isMinPermitHolderInfo: false,
  labelDescriptor: 'None',
  documentUploadCopy: null,
  isPlateOnly: false,
  footerCopy: null,
  footerCopyAboveCheckout: null,
  formFields: [],
  images: [],
  isVisitorOnly: false,
  isBusinessProduct: false,
  capacity: null,
  maxVehiclesPerPermit: 1,
  maxActiveVehiclesPerPermit: 1,
  canEditTimes: false,
  residencyRule: null,
  hasWaitlist: false,
  waitlistOfferHours: 48,
  rules: {
    salesStart: null,
    salesEnd: null,
    weekdays: null,
    hoursFrom: null,
    hoursTo: null,
    dailyWindow: null,
    blackoutDates: [],
    quota: null,
  },
  isArchived: false,
};

/** The editor's values of a stored product (the counts and ids stay behind). */
function editorValuesOf(product: ConsoleProduct): ProductEditorInput {
  const {
    uuid: _uuid,
    currency: _currency,
    heldCount: _held,
    unusedCodeCount: _unused,
    usedCodeCount: _used,
    updatedAt: _at,
    ...values
  } = product;
  return values as ProductEditorInput;
}

const TIME_SELECTION_OPTIONS = [
  { value: '1', label: '1 · Fixed, from purchase for the duration' },
  { value: '2', label: '2 · Preset start and end' },
  { value: '3', label: '3 · Buyer picks start and end' },
];
const ADVANCED_TYPE_LABELS: Record<keyof typeof ADVANCED_TYPES, string> = {
  simple: 'Simple',
  noLabel: 'No label',
  normalAddress: 'Normal address',
  labelAndAddress: 'Label and address',
  fullCustom: 'Full custom (registration questions only)',
  square: 'Square (building, lot and emergency contact)',
};
const ADVANCED_TYPE_OPTIONS = Object.entries(ADVANCED_TYPES).map(([key, value]) => ({
  value: String(value),
  label: `${value} · ${ADVANCED_TYPE_LABELS[key as keyof typeof ADVANCED_TYPES]}`,
}));
const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

/** An instant as a datetime-local value in the tenant's zone, and back. */
const toLocalInput = (instant: string | null | undefined, timeZone: string) =>
  instant ? dayjs(instant).tz(timeZone).format('YYYY-MM-DDTHH:mm') : '';
const fromLocalInput = (value: string, timeZone: string) =>
  value ? dayjs.tz(value, timeZone).toISOString() : null;

function Section(props: { title: string; children: ReactNode }) {
  return (
    <Card withBorder padding="md" component="section">
      <Title order={2} size="h4" mb="sm">
        {props.title}
      </Title>
      <Stack gap="sm">{props.children}</Stack>
    </Card>
  );
}

function ProductForm(props: { product: ConsoleProduct | null }) {
  const { product } = props;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const timeZone = useTenantTimeZone();
  const [saved, setSaved] = useState(false);
  const [imageError, setImageError] = useState<string | null>(null);
  const [isUploading, setIsUploading] = useState(false);
  const fileRef = useRef<HTMLInputElement>(null);
  const { form, onSubmit, isSubmitting, formError } = useApiForm({
    schema: productEditorSchema,
    initialValues: product ? editorValuesOf(product) : NEW_PRODUCT,
    submit: (values) =>
      product
        ? callAsOperator(updateConsoleProductContract, { params: { uuid: product.uuid }, body: values })
        : callAsOperator(createConsoleProductContract, { body: values }),
    onSuccess: async (result) => {
      await queryClient.invalidateQueries({ queryKey: consoleProductsKey });
      queryClient.setQueryData(['console', 'product', result.uuid], result);
      setSaved(true);
      if (!product) navigate(`/dashboard/products/${result.uuid}`, { replace: true });
    },
    fieldOf: (error) => (error.status === 409 ? 'name' : null),
    describeError: (error) => (error as Error).message,
    invalidMessage: m.invalid,
    onInvalid: () => setSaved(false),
  });
  const values = form.values;
  const rules = values.rules ?? {};
  const text = (path: string) => ({
    ...form.getInputProps(path),
    value: (form.getInputProps(path).value as string | null) ?? '',
  });
  const flag = (path: string, label: string) => (
    <Switch label={label} {...form.getInputProps(path, { type: 'checkbox' })} />
  );

  async function onImagesPicked(files: FileList | null) {
    const picked = Array.from(files ?? []);
    if (picked.length === 0) return;
    setImageError(null);
    setIsUploading(true);
    try {
      for (const file of picked) {
        const stored = await uploadFile(file, 'product-image');
        form.insertListItem('images', stored.fileUrl);
      }
    } catch (error) {
      setImageError((error as Error).message);
    } finally {
      setIsUploading(false);
      if (fileRef.current) fileRef.current.value = '';
    }
  }

  return (
    <form
      onSubmit={(event) => {
        setSaved(false);
        onSubmit(event);
      }}
      noValidate
    >
      <Stack gap="md">
        <Section title={m.sectionBasics}>
          <TextInput label={m.name} required maxLength={200} {...form.getInputProps('name')} />
          <Textarea label={m.description} autosize minRows={2} maxLength={2000} {...text('description')} />
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <NumberInput
              label={m.price}
              min={0}
              decimalScale={2}
              fixedDecimalScale
              prefix="$"
              value={(values.amount ?? 0) / 100}
              onChange={(value) => form.setFieldValue('amount', Math.round(Number(value || 0) * 100))}
              error={form.errors.amount}
            />
            <Select
              label={m.billingType}
              data={[...BILLING_TYPES]}
              allowDeselect={false}
              {...form.getInputProps('billingType')}
              onChange={(value) => {
                form.setFieldValue('billingType', value as ProductEditorInput['billingType']);
                form.setFieldValue('billingPeriod', value === 'ONE TIME' ? 'NONE' : 'MONTH');
              }}
            />
            <Select
              label={m.billingPeriod}
              data={[...BILLING_PERIODS]}
              allowDeselect={false}
              disabled={values.billingType === 'ONE TIME'}
              {...form.getInputProps('billingPeriod')}
            />
          </SimpleGrid>
        </Section>

        <Section title={m.sectionTimes}>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <NumberInput
              label={m.duration}
              min={1}
              allowDecimal={false}
              {...form.getInputProps('permitDuration')}
            />
            <Select
              label={m.durationUnit}
              data={[...DURATION_UNITS]}
              allowDeselect={false}
              {...form.getInputProps('permitDurationUnit')}
            />
            <Select
              label={m.timeSelectionType}
              data={TIME_SELECTION_OPTIONS}
              allowDeselect={false}
              value={String(values.timeSelectionType)}
              onChange={(value) => form.setFieldValue('timeSelectionType', Number(value))}
              error={form.errors.timeSelectionType}
            />
          </SimpleGrid>
          {values.timeSelectionType === 2 && (
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput
                type="datetime-local"
                label={m.chosenDate}
                value={toLocalInput(values.chosenDate, timeZone)}
                onChange={(event) =>
                  form.setFieldValue('chosenDate', fromLocalInput(event.currentTarget.value, timeZone))
                }
                error={form.errors.chosenDate}
              />
              <TextInput
                type="datetime-local"
                label={m.chosenEndDate}
                value={toLocalInput(values.chosenEndDate, timeZone)}
                onChange={(event) =>
                  form.setFieldValue('chosenEndDate', fromLocalInput(event.currentTarget.value, timeZone))
                }
                error={form.errors.chosenEndDate}
              />
            </SimpleGrid>
          )}
          {flag('canEditTimes', m.flagCanEditTimes)}
        </Section>

        <Section title={m.sectionCheckout}>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Select
              label={m.advancedType}
              data={ADVANCED_TYPE_OPTIONS}
              allowDeselect={false}
              value={String(values.advancedType)}
              onChange={(value) => form.setFieldValue('advancedType', Number(value))}
              error={form.errors.advancedType}
            />
            <Select
              label={m.guestFieldsType}
              data={[
                { value: '0', label: '0 · Email only' },
                { value: '1', label: '1 · Email and name' },
              ]}
              allowDeselect={false}
              value={String(values.guestFieldsType)}
              onChange={(value) => form.setFieldValue('guestFieldsType', Number(value))}
            />
            <TextInput label={m.labelDescriptor} maxLength={100} {...form.getInputProps('labelDescriptor')} />
            <Select
              label={m.residency}
              data={[
                { value: '', label: 'None' },
                { value: 'HI', label: 'Hawaii residents only' },
              ]}
              allowDeselect={false}
              value={values.residencyRule ?? ''}
              onChange={(value) => form.setFieldValue('residencyRule', value === 'HI' ? 'HI' : null)}
            />
          </SimpleGrid>
          <Textarea
            label={m.documentUploadCopy}
            autosize
            minRows={2}
            maxLength={2000}
            {...text('documentUploadCopy')}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
            {flag('isAutoApproved', m.flagAutoApproved)}
            {flag('isEmailVerify', m.flagEmailVerify)}
            {flag('isSignupCodeRequired', m.flagSignupCode)}
            {flag('isRegImgRequired', m.flagRegImg)}
            {flag('needsGuestCode', m.flagGuestCode)}
            {flag('guestNeedsPermitHolderInfo', m.flagHolderInfo)}
            {flag('isMinPermitHolderInfo', m.flagMinHolderInfo)}
            {flag('isPlateOnly', m.flagPlateOnly)}
            {flag('isVisitorOnly', m.flagVisitorOnly)}
            {flag('isBusinessProduct', m.flagBusiness)}
          </SimpleGrid>
        </Section>

        <Section title={m.sectionCapacity}>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <NumberInput
              label={m.capacity}
              min={0}
              allowDecimal={false}
              value={values.capacity ?? ''}
              onChange={(value) => form.setFieldValue('capacity', value === '' ? null : Number(value))}
              error={form.errors.capacity}
            />
            <NumberInput
              label={m.maxVehicles}
              min={1}
              max={50}
              allowDecimal={false}
              {...form.getInputProps('maxVehiclesPerPermit')}
            />
            <NumberInput
              label={m.maxActiveVehicles}
              min={1}
              max={50}
              allowDecimal={false}
              {...form.getInputProps('maxActiveVehiclesPerPermit')}
            />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 2 }} mt="md">
            <Switch
              label={waitlistMessages.editorHasWaitlist}
              description={waitlistMessages.editorHasWaitlistHelp}
              {...form.getInputProps('hasWaitlist', { type: 'checkbox' })}
            />
            <NumberInput
              label={waitlistMessages.editorOfferHours}
              min={1}
              max={720}
              allowDecimal={false}
              disabled={!values.hasWaitlist}
              {...form.getInputProps('waitlistOfferHours')}
            />
            <ShortReminderField
              value={values.shortReminderMinutes}
              onChange={(minutes) => form.setFieldValue('shortReminderMinutes', minutes)}
              error={form.errors.shortReminderMinutes}
            />
          </SimpleGrid>
        </Section>

        <Section title={m.sectionRules}>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              type="datetime-local"
              label={m.salesStart}
              value={toLocalInput(rules.salesStart, timeZone)}
              onChange={(event) =>
                form.setFieldValue('rules.salesStart', fromLocalInput(event.currentTarget.value, timeZone))
              }
              error={form.errors['rules.salesStart']}
            />
            <TextInput
              type="datetime-local"
              label={m.salesEnd}
              value={toLocalInput(rules.salesEnd, timeZone)}
              onChange={(event) =>
                form.setFieldValue('rules.salesEnd', fromLocalInput(event.currentTarget.value, timeZone))
              }
              error={form.errors['rules.salesEnd']}
            />
          </SimpleGrid>
          <Checkbox.Group
            label={m.weekdays}
            value={(rules.weekdays ?? []).map(String)}
            onChange={(days) => form.setFieldValue('rules.weekdays', days.map(Number))}
          >
            <Group gap="sm" mt={4}>
              {WEEKDAYS.map((day, index) => (
                <Checkbox key={day} value={String(index + 1)} label={day} />
              ))}
            </Group>
          </Checkbox.Group>
          <SimpleGrid cols={{ base: 2 }}>
            <TextInput
              label={m.hoursFrom}
              placeholder="08:00"
              value={rules.hoursFrom ?? ''}
              onChange={(event) => form.setFieldValue('rules.hoursFrom', event.currentTarget.value || null)}
              error={form.errors['rules.hoursFrom']}
            />
            <TextInput
              label={m.hoursTo}
              placeholder="18:00"
              value={rules.hoursTo ?? ''}
              onChange={(event) => form.setFieldValue('rules.hoursTo', event.currentTarget.value || null)}
              error={form.errors['rules.hoursTo']}
            />
          </SimpleGrid>
          <DailyWindowInputs
            value={rules.dailyWindow ?? null}
            onChange={(window) => form.setFieldValue('rules.dailyWindow', window)}
            errors={{
              from: form.errors['rules.dailyWindow.from'] ?? form.errors['rules.dailyWindow'],
              to: form.errors['rules.dailyWindow.to'],
            }}
          />
          <Textarea
            label={m.blackoutDates}
            autosize
            minRows={2}
            value={(rules.blackoutDates ?? []).join('\n')}
            onChange={(event) =>
              form.setFieldValue(
                'rules.blackoutDates',
                event.currentTarget.value
                  .split(/\s+/)
                  .map((line) => line.trim())
                  .filter(Boolean),
              )
            }
            error={Object.entries(form.errors).find(([key]) => key.startsWith('rules.blackoutDates'))?.[1]}
          />
          <Switch
            label={m.flagQuota}
            checked={Boolean(rules.quota)}
            onChange={(event) =>
              form.setFieldValue(
                'rules.quota',
                event.currentTarget.checked
                  ? { count: 1, period: 'MONTH', periodLength: 1, per: 'customer', measure: 'passes' }
                  : null,
              )
            }
          />
          {rules.quota && (
            <SimpleGrid cols={{ base: 2, sm: 5 }}>
              <NumberInput
                label={m.quotaCount}
                min={1}
                allowDecimal={false}
                {...form.getInputProps('rules.quota.count')}
              />
              <Select
                label={m.quotaMeasure}
                data={[...QUOTA_MEASURES]}
                allowDeselect={false}
                {...form.getInputProps('rules.quota.measure')}
              />
              <NumberInput
                label={m.quotaPeriodLength}
                min={1}
                allowDecimal={false}
                {...form.getInputProps('rules.quota.periodLength')}
              />
              <Select
                label={m.quotaPeriod}
                data={[...DURATION_UNITS]}
                allowDeselect={false}
                {...form.getInputProps('rules.quota.period')}
              />
              <Select
                label={m.quotaPer}
                data={[...QUOTA_SUBJECTS]}
                allowDeselect={false}
                {...form.getInputProps('rules.quota.per')}
              />
            </SimpleGrid>
          )}
        </Section>

        <Section title={m.sectionFields}>
          {values.formFields.length === 0 && <Text size="sm">{m.noFields}</Text>}
          {values.formFields.map((_field, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the questions are edited in place by position
            <Group key={index} align="flex-end" gap="sm" wrap="nowrap">
              <TextInput
                label={fillMessage(m.fieldLabel, { n: index + 1 })}
                maxLength={200}
                style={{ flex: 2 }}
                {...form.getInputProps(`formFields.${index}.label`)}
              />
              <TextInput
                label={fillMessage(m.fieldValue, { n: index + 1 })}
                maxLength={2000}
                style={{ flex: 1 }}
                {...form.getInputProps(`formFields.${index}.value`)}
              />
              <Button
                variant="subtle"
                color={DENY_RED}
                aria-label={fillMessage(m.removeField, { n: index + 1 })}
                onClick={() => form.removeListItem('formFields', index)}
              >
                ✕
              </Button>
            </Group>
          ))}
          <Group>
            <Button
              variant="default"
              onClick={() => form.insertListItem('formFields', { label: '', value: '' })}
            >
              {m.addField}
            </Button>
          </Group>
        </Section>

        <Section title={m.sectionImages}>
          {values.images.length === 0 && <Text size="sm">{m.noImages}</Text>}
          <Group gap="sm">
            {values.images.map((url, index) => (
              <Stack key={url} gap={4} align="center">
                <Image
                  src={url}
                  alt={fillMessage(m.imageAlt, { n: index + 1 })}
                  w={120}
                  h={80}
                  fit="cover"
                  radius="sm"
                />
                <ActionIcon
                  variant="subtle"
                  color={DENY_RED}
                  aria-label={fillMessage(m.removeImage, { n: index + 1 })}
                  onClick={() => form.removeListItem('images', index)}
                >
                  ✕
                </ActionIcon>
              </Stack>
            ))}
          </Group>
          <input
            ref={fileRef}
            type="file"
            accept={acceptFor('product-image')}
            multiple
            hidden
            onChange={(event) => void onImagesPicked(event.currentTarget.files)}
          />
          <Group>
            <Button variant="default" loading={isUploading} onClick={() => fileRef.current?.click()}>
              {m.addImage}
            </Button>
          </Group>
          {(imageError || form.errors.images) && (
            <Alert color="red" role="alert">
              {imageError ?? form.errors.images}
            </Alert>
          )}
        </Section>

        <Section title={m.sectionFooter}>
          <RichTextEditor
            label={m.footerCopyAboveCheckout}
            value={values.footerCopyAboveCheckout}
            onChange={(html) => form.setFieldValue('footerCopyAboveCheckout', html)}
            error={form.errors.footerCopyAboveCheckout}
          />
          <RichTextEditor
            label={m.footerCopy}
            value={values.footerCopy}
            onChange={(html) => form.setFieldValue('footerCopy', html)}
            error={form.errors.footerCopy}
          />
        </Section>

        <Card withBorder padding="md">
          {flag('isArchived', m.flagArchived)}
        </Card>

        {formError && (
          <Alert color="red" role="alert">
            {formError}
          </Alert>
        )}
        {saved && (
          <Alert color="green" role="status">
            {m.saved}
          </Alert>
        )}
        <Group>
          <Button type="submit" loading={isSubmitting}>
            {m.save}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** /dashboard/products/new and /dashboard/products/:uuid: every field of a pass product. */
export function ProductEditorPage() {
  const { uuid } = useParams();
  const query = useQuery({
    queryKey: ['console', 'product', uuid],
    queryFn: ({ signal }) =>
      callAsOperator(getConsoleProductContract, { params: { uuid: uuid ?? '' } }, signal),
    enabled: Boolean(uuid),
  });
  const isForbidden = query.error instanceof ApiError && query.error.status === 403;
  return (
    <Stack gap="lg" maw={960}>
      <Anchor component={Link} to="/dashboard/products">
        {m.backToList}
      </Anchor>
      <Title order={1}>{query.data ? fillMessage(m.editTitle, { name: query.data.name }) : m.newTitle}</Title>
      {!uuid ? (
        <ProductForm product={null} />
      ) : isForbidden ? (
        <Alert color="yellow" role="alert">
          {m.forbidden}
        </Alert>
      ) : (
        <QueryState
          isLoading={query.isLoading}
          error={query.error}
          isEmpty={false}
          loadingLabel={m.loading}
          emptyText=""
        >
          {query.data && <ProductForm key={query.data.uuid} product={query.data} />}
        </QueryState>
      )}
    </Stack>
  );
}

type DailyWindowValue = { from: string; to: string } | null;

/** A time-of-day product's window: both times, or neither (no window). */
function DailyWindowInputs(props: {
  value: DailyWindowValue;
  onChange: (window: DailyWindowValue) => void;
  errors: { from?: ReactNode; to?: ReactNode };
}) {
  const { value, onChange, errors } = props;
  const change = (part: 'from' | 'to', text: string) => {
    const next = { from: value?.from ?? '', to: value?.to ?? '', [part]: text };
    onChange(next.from || next.to ? next : null);
  };
  return (
    <SimpleGrid cols={{ base: 2 }}>
      <TextInput
        label={m.dailyWindowFrom}
        description={m.dailyWindowHint}
        placeholder="18:00"
        value={value?.from ?? ''}
        onChange={(event) => change('from', event.currentTarget.value)}
        error={errors.from}
      />
      <TextInput
        label={m.dailyWindowTo}
        description={m.dailyWindowToHint}
        placeholder="08:00"
        value={value?.to ?? ''}
        onChange={(event) => change('to', event.currentTarget.value)}
        error={errors.to}
      />
    </SimpleGrid>
  );
}
