import { Button, Group, Input, Paper } from '@mantine/core';
import { useEffect, useId, useRef } from 'react';
import { richTextMessages as m } from '../../../../shared/messages';
import { fillMessage } from '../../../../shared/messages/fill';

/**
 * A small rich-text editor for a product's footer copy: bold, italic, lists and links over a
 * contenteditable area. It writes only what the server's sanitiser keeps (p, br, strong, em, ul,
 * ol, li, a); the server sanitises again whatever arrives.
 */
const COMMANDS = () =>
  [
    { label: m.bold, command: 'bold', short: 'B' },
    { label: m.italic, command: 'italic', short: 'I' },
    { label: m.bulletList, command: 'insertUnorderedList', short: m.bulletListShort },
    { label: m.numberedList, command: 'insertOrderedList', short: m.numberedListShort },
    { label: m.link, command: 'createLink', short: m.linkShort },
  ] as const;

/** The browser's editing markup in the sanitiser's vocabulary (b→strong, i→em, div→p). */
export function normaliseEditorHtml(html: string): string {
  const cleaned = html
    .replace(/<(\/?)b(\s[^>]*)?>/gi, '<$1strong>')
    .replace(/<(\/?)i(\s[^>]*)?>/gi, '<$1em>')
    .replace(/<(\/?)div(\s[^>]*)?>/gi, '<$1p>')
    .trim();
  return cleaned === '<br>' || cleaned === '<p><br></p>' ? '' : cleaned;
}

export function RichTextEditor(props: {
  label: string;
  value: string | null | undefined;
  onChange: (html: string | null) => void;
  error?: React.ReactNode;
}) {
  const labelId = useId();
  const areaRef = useRef<HTMLDivElement>(null);

  // The area is uncontrolled while typing; it takes the value only when it is first shown.
  // biome-ignore lint/correctness/useExhaustiveDependencies: set once, then the area owns its content
  useEffect(() => {
    if (areaRef.current) areaRef.current.innerHTML = props.value ?? '';
  }, []);

  function emit() {
    const html = normaliseEditorHtml(areaRef.current?.innerHTML ?? '');
    props.onChange(html === '' ? null : html);
  }

  function apply(command: ReturnType<typeof COMMANDS>[number]['command']) {
    areaRef.current?.focus();
    if (command === 'createLink') {
      const address = window.prompt(m.linkPrompt, 'https://');
      if (!address || !/^(https?:\/\/|mailto:)/i.test(address.trim())) return;
      document.execCommand('createLink', false, address.trim());
    } else {
      document.execCommand(command);
    }
    emit();
  }

  return (
    <Input.Wrapper label={props.label} labelProps={{ id: labelId, component: 'div' }} error={props.error}>
      <Paper withBorder radius="sm">
        <Group gap={4} p={4} role="toolbar" aria-label={fillMessage(m.toolbar, { label: props.label })}>
          {COMMANDS().map((entry) => (
            <Button
              key={entry.command}
              size="compact-sm"
              variant="default"
              aria-label={entry.label}
              // Keep the text selection: the command applies to it.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => apply(entry.command)}
            >
              {entry.short}
            </Button>
          ))}
        </Group>
        {/* biome-ignore lint/a11y/useSemanticElements: a rich-text area has no native element */}
        <div
          ref={areaRef}
          role="textbox"
          tabIndex={0}
          aria-multiline="true"
          aria-labelledby={labelId}
          contentEditable
          suppressContentEditableWarning
          style={{
            minHeight: 120,
            padding: '8px 12px',
            borderTop: '1px solid var(--mantine-color-default-border)',
          }}
          onInput={emit}
          onBlur={emit}
        />
      </Paper>
    </Input.Wrapper>
  );
}
