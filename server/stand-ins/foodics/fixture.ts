// The business the Foodics stand-in plays: shapes of docs/POS.md (ids are UUID-like, references strings or
// numbers, money with decimals). The demo data and the tests use these ids.
export const DEMO_FOODICS_TOKEN = 'demo-foodics-token';
/** The only order of Cashier 2, which the demo data saves to an account: its receipt shows "saved". */
export const DEMO_SAVED_ORDER_ID = '0d000000-0002-4000-8000-0000000005a1';

export const FIXTURE = {
  business: { name: 'Najd Grill Co.', reference: 100042 },
  settings: { business_currency: 'SAR', business_timezone: '+03:00', tax_inclusive_pricing: false },
  branches: [
    { id: '9a1b2c3d-0001-4000-8000-000000000001', name: 'Olaya', name_localized: 'العليا', reference: 'B01' },
    { id: '9a1b2c3d-0002-4000-8000-000000000002', name: 'Al Malqa', name_localized: 'الملقا', reference: 'B02' },
  ],
  devices: [
    { id: '7d000000-0001-4000-8000-00000000c001', name: 'Cashier 1', code: 'C1', reference: 'C01', type: 1, branch: 0 },
    { id: '7d000000-0002-4000-8000-00000000c002', name: 'Cashier 2', code: 'C2', reference: 'C02', type: 1, branch: 0 },
    {
      id: '7d000000-0003-4000-8000-00000000c003',
      name: 'Drive Thru',
      code: 'C3',
      reference: 'C03',
      type: 1,
      branch: 1,
    },
  ],
  products: [
    { id: 'p-1', sku: 'SKU-1', name: 'Chicken Kabsa', name_localized: 'كبسة دجاج', price: 32 },
    { id: 'p-2', sku: 'SKU-2', name: 'Mandi Lamb', name_localized: 'مندي لحم', price: 58 },
    { id: 'p-3', sku: 'SKU-3', name: 'Karak Tea', name_localized: 'شاي كرك', price: 6 },
    { id: 'p-4', sku: 'SKU-4', name: 'Kunafa', name_localized: 'كنافة', price: 18 },
  ],
  paymentMethods: [
    { id: 'pm-1', name: 'Cash', name_localized: 'نقدي', type: 1, code: 'cash' },
    { id: 'pm-2', name: 'Mada', name_localized: 'مدى', type: 2, code: 'mada' },
  ],
};

/** A second business, in Egypt: the demo's Nile Kitchen reads its branches, tills and orders (in Egyptian
 * pounds, Cairo time) from it, with the stand-in's token plus this suffix. Same shapes as FIXTURE. */
export const EGYPT_TOKEN_SUFFIX = '-eg';

export const FIXTURE_EG: typeof FIXTURE = {
  business: { name: 'Nile Kitchen LLC', reference: 200077 },
  settings: { business_currency: 'EGP', business_timezone: '+02:00', tax_inclusive_pricing: false },
  branches: [
    { id: '9a1b2c3d-0101-4000-8000-000000000101', name: 'Zamalek', name_localized: 'الزمالك', reference: 'E01' },
    { id: '9a1b2c3d-0102-4000-8000-000000000102', name: 'Maadi', name_localized: 'المعادي', reference: 'E02' },
  ],
  devices: [
    { id: '7d000000-0101-4000-8000-00000000e001', name: 'Cashier 1', code: 'E1', reference: 'E01', type: 1, branch: 0 },
    { id: '7d000000-0102-4000-8000-00000000e002', name: 'Cashier 1', code: 'E2', reference: 'E02', type: 1, branch: 1 },
  ],
  products: [
    { id: 'pe-1', sku: 'SKU-E1', name: 'Koshary', name_localized: 'كشري', price: 65 },
    { id: 'pe-2', sku: 'SKU-E2', name: 'Molokhia with Chicken', name_localized: 'ملوخية بالفراخ', price: 180 },
    { id: 'pe-3', sku: 'SKU-E3', name: 'Ful Medames', name_localized: 'فول مدمس', price: 35 },
    { id: 'pe-4', sku: 'SKU-E4', name: 'Om Ali', name_localized: 'أم علي', price: 70 },
  ],
  paymentMethods: [
    { id: 'pme-1', name: 'Cash', name_localized: 'نقدي', type: 1, code: 'cash' },
    { id: 'pme-2', name: 'Card', name_localized: 'بطاقة', type: 2, code: 'card' },
  ],
};
