import { consoleProductMessages as m } from '../../../../../shared/messages';
import { RichTextEditor } from '../rich-text-editor';
import { EditorSection } from './editor-section';
import type { SectionProps } from './product-form';

/** The formatted copy shown above and below the checkout. */
export function FooterSection({ form }: SectionProps) {
  const values = form.values;
  return (
    <EditorSection title={m.sectionFooter}>
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
    </EditorSection>
  );
}
