import { Switch } from '@mantine/core';
import type { ProductForm } from './product-form';

/** A yes/no setting of the product as a switch. */
export function FlagSwitch(props: { form: ProductForm; path: string; label: string }) {
  return <Switch label={props.label} {...props.form.getInputProps(props.path, { type: 'checkbox' })} />;
}
