// The parts of Foodics' answers we read (FOODICS.md). Everything is optional or loose on purpose: the
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
  deleted_at?: string | null;
  devices?: FoodicsDevice[];
}

export interface FoodicsOrderProduct {
  product?: FoodicsNamed | null;
  quantity?: number | string;
  total_price?: number | string;
  status?: number;
}

export interface FoodicsOrder {
  id: string;
  reference?: number | string | null;
  number?: number | string | null;
  check_number?: number | string | null;
  status?: number;
  created_at?: string | null;
  closed_at?: string | null;
  subtotal_price?: number | string | null;
  discount_amount?: number | string | null;
  total_price?: number | string | null;
  products?: FoodicsOrderProduct[];
  payments?: { amount?: number; payment_method?: FoodicsNamed | null }[];
  branch?: FoodicsNamed | null;
  device?: FoodicsNamed | null;
}

export interface FoodicsSettings {
  business_currency?: string;
  business_timezone?: string;
}
