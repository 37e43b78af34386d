import { Button, Group, Text, TextInput } from '@mantine/core';
import { consoleProductMessages as m } from '../../../../../shared/messages';
import { fillMessage } from '../../../../../shared/messages/fill';
import { DENY_RED } from '../../../operator/colors';
import { EditorSection } from './editor-section';
import type { SectionProps } from './product-form';

/** The registration questions a buyer answers, each with its default answer. */
export function QuestionsSection({ form }: SectionProps) {
  const fields = form.values.formFields;
  return (
    <EditorSection title={m.sectionFields}>
      {fields.length === 0 && <Text size="sm">{m.noFields}</Text>}
      {fields.map((_field, index) => (
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
        <Button variant="default" onClick={() => form.insertListItem('formFields', { label: '', value: '' })}>
          {m.addField}
        </Button>
      </Group>
    </EditorSection>
  );
}
