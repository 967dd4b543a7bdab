// English: the texts of SPEC.md letter for letter. Keys under specter.* are ours; ra.* come from react-admin.
import englishMessages from 'ra-language-english';
import type { TranslationMessages } from 'react-admin';

export const specterEn = {
  menu: { home: 'Home', admins: 'Admin Users', users: 'App Users', restaurants: 'Restaurants' },
  appBar: { logout: 'Logout', language: 'العربية' },
  login: {
    title: 'Sign in',
    email: 'Email',
    password: 'Password',
    submit: 'Login',
    failed: 'Invalid Email or Password',
    passwordMin: 'Should be 8 Numbers or characters',
  },
  validation: { required: 'Required', adminPasswordMin: 'Should not be less than 8 characters' },
  dashboard: {
    appDownloads: 'App Downloads',
    users: 'Users',
    restaurants: 'Restaurants',
    orders: 'Specter Orders',
    latestOrders: 'Latest Orders',
    empty: "Doesn't exist Orders",
    total: 'Total',
    columns: { no: '#', restaurant: 'Restaurant', branch: 'Branch', username: 'Username', orderDate: 'Order Date', orderTime: 'Order Time', paymentMethod: 'Payment Method', total: 'Total' },
  },
  users: {
    title: 'All Users',
    empty: "Users doesn't exist",
    columns: { no: '#', name: 'Name', phone: 'Phone', birthDate: 'BirthDate', gender: 'Gender', lastLogin: 'Last Login', createdAt: 'Created At' },
  },
  admins: {
    title: 'Admin Users',
    add: 'Add New',
    addTitle: 'Add Admin',
    empty: "Admins doesn't exist",
    columns: { no: '#', name: 'Name', email: 'Email' },
    fields: { name: 'Name', email: 'Email', password: 'Password', confirmPassword: 'Confirm Password' },
    failed: 'The admin could not be created',
  },
  restaurants: {
    title: 'Restaurants',
    add: 'Add New',
    addTitle: 'Add Restaurant',
    editTitle: 'Edit Restaurant',
    empty: "Restaurants doesn't exist",
    branches: 'Branches',
    printQr: "Print QR's",
    edit: 'Edit',
    columns: { no: '#', logo: 'Logo', name: 'Name', systemType: 'System Type', actions: 'Actions' },
    fields: { name: 'Name', logo: 'Logo', token: 'Token', branchs_token: 'Branchs Token', system_type: 'System Type' },
  },
  branches: {
    title: '%{name} Branches',
    empty: "Restaurants doesn't Contain Branches",
    devices: 'Devices',
    columns: { no: '#', name: 'Name', actions: 'Actions' },
  },
  devices: { title: 'Branch Devices', empty: "Branch doesn't Contain Devices", printQr: 'Print QR', columns: { no: '#', name: 'Name' } },
  common: { back: 'Back', cancel: 'Cancel', save: 'Save', delete: 'Delete', ok: 'OK', search: 'Search' },
  dialogs: {
    userConfirmTitle: '? Are you sure',
    userConfirmText: "! You can't reverse this deletion",
    userConfirmYes: '! Yes, delete',
    confirmTitle: 'Are you sure',
    confirmText: "You can't reverse this deletion",
    confirmYes: 'Yes, delete',
    cancel: 'Cancel',
    deleted: 'Deleted',
    userDeleted: 'The User has been removed',
    adminDeleted: 'The Admin has been removed',
    restaurantDeleted: 'The Restaurants has been removed',
  },
  notFound: { text: 'Permission Denied', home: 'Home' },
  gender: { male: 'male', female: 'female' },
};

export const en: TranslationMessages = { ...englishMessages, specter: specterEn } as TranslationMessages;
