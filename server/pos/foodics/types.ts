// The parts of Foodics' answers we read (docs/POS.md). Everything is optional or loose on purpose: the
// sources disagree on details, and the mapping must tolerate both shapes.
export interface FoodicsList<T> {
  data: T[];
  links?: { next?: string | null };
  meta?: { current_page?: number; last_page?: number };
}

export interface FoodicsNamed {
  id?: string;
  name?: string | null;
  name_localized?: string | null;
}

export interface FoodicsDevice extends FoodicsNamed {
  reference?: string | null;
}

export interface FoodicsBranch extends FoodicsNamed {
  reference?: string | number | null;
  deleted_at?: string | null;
  devices?: FoodicsDevice[];
}

/** A tax on a line, an option or a charge: the rate in percent, the amount in pivot (docs/POS.md). */
export interface FoodicsTax {
  rate?: number | string | null;
  amount?: number | string | null;
  pivot?: { amount?: number | string | null; rate?: number | string | null } | null;
}

export interface FoodicsOrderProduct {
  product?: FoodicsNamed | null;
  quantity?: number | string;
  returned_quantity?: number | string | null;
  total_price?: number | string;
  /** 5 = void, 6 = returned */
  status?: number;
  taxes?: FoodicsTax[] | null;
  options?: { taxes?: FoodicsTax[] | null }[] | null;
}

export interface FoodicsOrder {
  id: string;
  reference?: number | string | null;
  number?: number | string | null;
  check_number?: number | string | null;
  status?: number;
  created_at?: string | null;
  closed_at?: string | null;
  updated_at?: string | null;
  subtotal_price?: number | string | null;
  discount_amount?: number | string | null;
  total_price?: number | string | null;
  products?: FoodicsOrderProduct[];
  payments?: { amount?: number; payment_method?: FoodicsNamed | null }[];
  branch?: FoodicsNamed | null;
  device?: FoodicsNamed | null;
  /** Present with include=device; otherwise the till is only in meta.foodics.device_id. */
  device_id?: string | null;
  meta?: { foodics?: { device_id?: string | null } } | null;
  charges?: { amount?: number | string | null; taxes?: FoodicsTax[] | null }[] | null;
  /** The e-invoice QR text, when the POS generated one (field name not confirmed by Foodics' docs: read tolerantly). */
  zatca_qr?: string | null;
  qr_code?: string | null;
}

export interface FoodicsSettings {
  business_currency?: string;
  business_timezone?: string;
  /** The business's VAT registration number when Foodics reports one (name not confirmed: read tolerantly). */
  tax_number?: string | null;
  vat_registration_number?: string | null;
}
