import type { PostalAddress } from '../../shared/api.ts';

/** The farm's address columns, as selected from farms. */
export interface AddressColumns {
  address_line1: string;
  address_line2: string | null;
  town: string;
  county: string;
  postcode: string;
}

export function postalAddress(row: AddressColumns): PostalAddress {
  return {
    line1: row.address_line1,
    line2: row.address_line2,
    town: row.town,
    county: row.county,
    postcode: row.postcode,
  };
}
