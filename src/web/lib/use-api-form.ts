import { schemaResolver, useForm } from '@mantine/form';
import { type ReactNode, useState } from 'react';
import type { z } from 'zod';
import { type ApiError, isApiError } from './api-client';

export interface ApiFormOptions<Schema extends z.ZodType<unknown, Record<string, unknown>>, Result> {
  /** The values the inputs start with (what the user types: strings, booleans, lists). */
  initialValues: z.input<Schema>;
  /**
   * The shared schema the form is checked with before anything is sent: the same rules (and
   * mostly the same schema) as the server's contract, so both sides say the same thing.
   */
  schema: Schema;
  /** Sends the checked values (after the schema's trimming and upper-casing). */
  submit: (values: z.output<Schema>) => Promise<Result>;
  onSuccess?: (result: Result, values: z.output<Schema>) => void | Promise<void>;
  /** The input an API error is about: it is shown there, once, instead of in the banner. */
  fieldOf?: (error: ApiError) => keyof z.input<Schema> | null;
  /** What the banner says about a failed submission (text, or text with a link). */
  describeError: (error: unknown) => ReactNode;
  /** A banner for values the schema refused, where the screen shows one instead of field errors. */
  invalidMessage?: string;
  /** Called with the field errors when the schema refuses the values (to focus the first one). */
  onInvalid?: (errors: Record<string, ReactNode>) => void;
}

/**
 * A schema issue with this message marks its input as invalid (red, aria-invalid, focused first)
 * without any text: for the rules the spec says block "without a message".
 */
export const MARK_WITHOUT_MESSAGE = 'mark-without-message';

/**
 * One pattern for every form: the values and per-field errors (Mantine's form), validation with
 * a shared zod schema, one submission at a time, and one error per cause — on its field when the
 * server names one, else in a banner — cleared as soon as the user changes something.
 */
export function useApiForm<Schema extends z.ZodType<unknown, Record<string, unknown>>, Result>(
  options: ApiFormOptions<Schema, Result>,
) {
  const [formError, setFormError] = useState<ReactNode>(null);
  const resolve = schemaResolver(options.schema, { sync: true });
  const [isSubmitting, setIsSubmitting] = useState(false);
  const form = useForm<z.input<Schema>>({
    mode: 'controlled',
    initialValues: options.initialValues,
    validate: (values) => markWithoutMessage(resolve(values)),
    onValuesChange: () => setFormError(null),
  });

  const formFieldOf = (path: string | undefined) =>
    path && Object.hasOwn(form.getValues() as object, path) ? (path as keyof z.input<Schema>) : null;

  const onSubmit = form.onSubmit(
    async (values) => {
      if (isSubmitting) return;
      setFormError(null);
      setIsSubmitting(true);
      try {
        const parsed = options.schema.parse(values) as z.output<Schema>;
        const result = await options.submit(parsed);
        await options.onSuccess?.(result, parsed);
      } catch (error) {
        // The screen's own choice first, else the field the server names when the form has it.
        const field = isApiError(error) ? (options.fieldOf?.(error) ?? formFieldOf(error.field)) : null;
        if (field && isApiError(error)) form.setFieldError(field as string, error.message);
        else setFormError(options.describeError(error));
      } finally {
        setIsSubmitting(false);
      }
    },
    (errors) => {
      setFormError(options.invalidMessage ?? null);
      options.onInvalid?.(errors);
    },
  );

  return { form, onSubmit, isSubmitting, formError, setFormError };
}

/** Mantine shows an error of `true` as an invalid input with no text. */
function markWithoutMessage(errors: Record<string, ReactNode>): Record<string, ReactNode> {
  return Object.fromEntries(
    Object.entries(errors).map(([field, error]) => [field, error === MARK_WITHOUT_MESSAGE ? true : error]),
  );
}
