import { TextInput } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';

/**
 * The name and email of an operator to be: asked alike by the console's invite form and by the
 * platform admin's new-tenant form (for the tenant's first admin). They are someone else's
 * details, so the browser's autofill of the person typing stays off.
 */
export function NewOperatorFields(props: {
  nameLabel: string;
  emailLabel: string;
  nameInput: GetInputPropsReturnType;
  emailInput: GetInputPropsReturnType;
}) {
  return (
    <>
      <TextInput label={props.nameLabel} autoComplete="off" maxLength={100} {...props.nameInput} />
      <TextInput label={props.emailLabel} type="email" autoComplete="off" {...props.emailInput} />
    </>
  );
}
