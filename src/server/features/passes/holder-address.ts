/** The holder's fields that the API and the `permit_holders` row spell alike. */
export interface HolderAddress {
  name: string | null;
  email: string | null;
  lotName: string | null;
  address1: string | null;
  address2: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
  country: string | null;
}

/**
 * A holder's name, email and address, copied between a request, the stored row and an answer:
 * the fields that keep their names on every side (the phone and the label do not).
 */
export function holderAddressOf(holder: HolderAddress): HolderAddress {
  const { name, email, lotName, address1, address2, city, state, zip, country } = holder;
  return { name, email, lotName, address1, address2, city, state, zip, country };
}
