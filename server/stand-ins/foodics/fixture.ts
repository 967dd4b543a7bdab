// The business the Foodics stand-in plays: shapes of FOODICS.md (ids are UUID-like, references strings or
// numbers, money with decimals). The demo data and the tests use these ids.
export const DEMO_FOODICS_TOKEN = 'demo-foodics-token';

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
    { id: '7d000000-0003-4000-8000-00000000c003', name: 'Drive Thru', code: 'C3', reference: 'C03', type: 1, branch: 1 },
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
