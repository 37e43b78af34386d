import { NativeSelect, SimpleGrid, Textarea, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { NOTICE_FIELD_LIMITS, type ViolationCode } from '../../../../shared/contract';
import { formatMoney } from '../../../../shared/format';
import { consoleDeskMessages as d } from '../../../../shared/messages/console-desk';
import { consoleNoticeMessages as m } from '../../../../shared/messages/console-notices';

/** The fields a new notice and a correction share. */
export interface NoticeDetailValues {
  plate: string;
  stateProv: string;
  citationCodeUUID: string;
  location: string;
  make: string;
  color: string;
  comments: string;
}

export function NoticeDetailFields(props: {
  // Any form holding the detail fields (a new notice's form has more).
  // biome-ignore lint/suspicious/noExplicitAny: Mantine's form type is invariant in its values.
  form: UseFormReturnType<any>;
  codes: ViolationCode[];
  /** The code the notice already has: kept on offer even when archived. */
  keptCodeUUID?: string | null;
}) {
  const form = props.form as UseFormReturnType<NoticeDetailValues>;
  const offered = props.codes.filter((code) => !code.archivedAt || code.uuid === props.keptCodeUUID);
  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label={m.plateLabel}
          required
          maxLength={NOTICE_FIELD_LIMITS.plate}
          {...form.getInputProps('plate')}
        />
        <TextInput
          label={m.stateLabel}
          maxLength={NOTICE_FIELD_LIMITS.stateProv}
          {...form.getInputProps('stateProv')}
        />
      </SimpleGrid>
      <NativeSelect
        label={m.codeLabel}
        required
        data={[
          { value: '', label: '—' },
          ...offered.map((code) => ({
            value: code.uuid,
            label: `${code.name} · ${code.amount === null ? m.noAmount : formatMoney(code.amount)}${code.archivedAt ? ` · ${d.archivedBadge}` : ''}`,
          })),
        ]}
        {...form.getInputProps('citationCodeUUID')}
      />
      <TextInput
        label={m.locationLabel}
        maxLength={NOTICE_FIELD_LIMITS.location}
        {...form.getInputProps('location')}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput label={m.makeLabel} maxLength={NOTICE_FIELD_LIMITS.make} {...form.getInputProps('make')} />
        <TextInput
          label={m.colorLabel}
          maxLength={NOTICE_FIELD_LIMITS.color}
          {...form.getInputProps('color')}
        />
      </SimpleGrid>
      <Textarea
        label={m.commentsLabel}
        autosize
        minRows={2}
        maxLength={NOTICE_FIELD_LIMITS.comments}
        {...form.getInputProps('comments')}
      />
    </>
  );
}

export const chooseCodeSchemaMessage = 'Choose a violation code';
