import {
  Autocomplete,
  Button,
  Group,
  Loader,
  Modal,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useState } from 'react';
import { addVehicleContract, type Vehicle } from '../../../shared/contract';
import { commonMessages, passScreenMessages } from '../../../shared/messages';
import { CAR_COLORS, CAR_MAKES, STATES_AND_PROVINCES } from '../../../shared/rules';
import { DialogActions } from '../../components/dialog-actions';
import { FailureAlert } from '../../components/form-alerts';
import { useApiForm } from '../../lib/use-api-form';
import { useAddVehicle, useSavedVehicles } from './api';
import type { CheckoutFormValues } from './checkout-form';
import { SectionTitle } from './section-title';

interface VehicleValues {
  plate: string;
  state: string;
  make: string;
  model: string;
  color: string;
}

const STATE_OPTIONS = STATES_AND_PROVINCES.map((state) => ({
  value: state.code,
  label: `${state.name} (${state.code})`,
}));

/**
 * Plate, state, make, model and colour, upper-cased as typed (section 5). A plate-only product
 * asks for the plate alone.
 */
export function VehicleFields<Values extends VehicleValues>(props: {
  form: UseFormReturnType<Values>;
  isPlateOnly: boolean;
  idPrefix: string;
}) {
  const { form, isPlateOnly, idPrefix } = props;
  // Mantine's paths are typed by the values; these five are strings in every form that uses this.
  const field = (name: keyof VehicleValues) => form.getInputProps(name as never);
  const setUpper = (name: keyof VehicleValues, value: string | null) =>
    form.setFieldValue(name as never, (value ?? '').toUpperCase() as never);

  return (
    <Stack gap="sm">
      <TextInput
        id={`${idPrefix}-plate`}
        label={passScreenMessages.plateLabel}
        required
        autoCapitalize="characters"
        autoComplete="off"
        spellCheck={false}
        maxLength={16}
        // In a dialog, typing starts in the plate (the focus trap would otherwise pick the close button).
        data-autofocus
        {...field('plate')}
        onChange={(event) => setUpper('plate', event.currentTarget.value)}
        name="plate"
      />
      {!isPlateOnly && (
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <Select
            id={`${idPrefix}-state`}
            label={passScreenMessages.stateLabel}
            data={STATE_OPTIONS}
            searchable
            {...field('state')}
            onChange={(value) => setUpper('state', value)}
          />
          <Autocomplete
            id={`${idPrefix}-make`}
            label={passScreenMessages.makeLabel}
            data={[...CAR_MAKES]}
            maxLength={64}
            {...field('make')}
            onChange={(value) => setUpper('make', value)}
          />
          <TextInput
            id={`${idPrefix}-model`}
            label={passScreenMessages.modelLabel}
            maxLength={64}
            autoCapitalize="characters"
            {...field('model')}
            onChange={(event) => setUpper('model', event.currentTarget.value)}
            name="model"
          />
          <Select
            id={`${idPrefix}-color`}
            label={passScreenMessages.colorLabel}
            data={[...CAR_COLORS]}
            searchable
            {...field('color')}
            onChange={(value) => setUpper('color', value)}
          />
        </SimpleGrid>
      )}
    </Stack>
  );
}

export function describeVehicle(vehicle: Vehicle): string {
  return [vehicle.plate, vehicle.state, vehicle.make, vehicle.model, vehicle.color]
    .filter(Boolean)
    .join(' · ');
}

/**
 * The Add Vehicle dialog: saves a vehicle to the customer's account and picks it. A saved vehicle
 * has all its fields, in a checkout too (the add-vehicle call requires them, part 2 section 7).
 */
export function AddVehicleDialog(props: {
  isOpen: boolean;
  onClose: () => void;
  onAdded: (uuid: string) => void;
}) {
  const addVehicle = useAddVehicle();
  const { form, onSubmit, isSubmitting, formError } = useApiForm({
    schema: addVehicleContract.body,
    initialValues: { plate: '', state: '', make: '', model: '', color: '' },
    submit: (values) => addVehicle.mutateAsync(values),
    onSuccess: (answer) => {
      form.reset();
      props.onAdded(answer.uuid);
    },
    describeError: (error) => (error as Error).message,
  });
  return (
    <Modal
      opened={props.isOpen}
      onClose={props.onClose}
      title={passScreenMessages.addVehicleTitle}
      centered
      closeButtonProps={{ 'aria-label': passScreenMessages.close }}
    >
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <FailureAlert message={formError} />
          <VehicleFields
            form={form as unknown as UseFormReturnType<VehicleValues>}
            isPlateOnly={false}
            idPrefix="add-vehicle"
          />
          <DialogActions
            cancelLabel={passScreenMessages.cancel}
            onCancel={props.onClose}
            submitLabel={passScreenMessages.saveVehicle}
            isSubmitting={isSubmitting}
          />
        </Stack>
      </form>
    </Modal>
  );
}

/** A customer picks one of the saved vehicles, or adds one. */
function SavedVehiclePicker(props: { form: UseFormReturnType<CheckoutFormValues> }) {
  const { form } = props;
  const vehicles = useSavedVehicles(true);
  const [isAdding, setIsAdding] = useState(false);
  const inputProps = form.getInputProps('vehicleUUID');

  return (
    <Stack gap="sm">
      {vehicles.isPending && <Loader size="sm" aria-label={commonMessages.loading} />}
      {vehicles.data?.length === 0 && <Text c="dimmed">{passScreenMessages.noVehicles}</Text>}
      {vehicles.data && vehicles.data.length > 0 && (
        <Radio.Group
          label={passScreenMessages.chooseVehicle}
          value={form.values.vehicleUUID}
          onChange={(value) => form.setFieldValue('vehicleUUID', value)}
          error={inputProps.error}
          name="vehicleUUID"
        >
          <Stack gap="xs" mt="xs">
            {vehicles.data.map((vehicle) => (
              <Radio.Card
                key={vehicle.uuid}
                value={vehicle.uuid}
                p="sm"
                radius="md"
                className="vehicle-choice"
              >
                <Group wrap="nowrap" gap="sm">
                  <Radio.Indicator />
                  <Text fw={600}>{describeVehicle(vehicle)}</Text>
                </Group>
              </Radio.Card>
            ))}
          </Stack>
        </Radio.Group>
      )}
      {vehicles.data?.length === 0 && inputProps.error && (
        <Text c="red.9" size="sm" role="alert">
          {inputProps.error}
        </Text>
      )}
      <Button variant="outline" onClick={() => setIsAdding(true)} style={{ alignSelf: 'flex-start' }}>
        {passScreenMessages.addVehicle}
      </Button>
      <AddVehicleDialog
        isOpen={isAdding}
        onClose={() => setIsAdding(false)}
        onAdded={(uuid) => {
          form.setFieldValue('vehicleUUID', uuid);
          setIsAdding(false);
        }}
      />
    </Stack>
  );
}

/** The vehicle of a checkout: typed by a guest, picked from the saved ones by a customer. */
export function VehicleSection(props: {
  form: UseFormReturnType<CheckoutFormValues>;
  isGuest: boolean;
  isPlateOnly: boolean;
}) {
  return (
    <Stack gap="sm" component="section" aria-labelledby="vehicle-title">
      <SectionTitle id="vehicle-title">{passScreenMessages.vehicleTitle}</SectionTitle>
      {props.isGuest ? (
        <VehicleFields form={props.form} isPlateOnly={props.isPlateOnly} idPrefix="checkout-vehicle" />
      ) : (
        <SavedVehiclePicker form={props.form} />
      )}
    </Stack>
  );
}
