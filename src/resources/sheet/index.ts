export { QrSheet } from './QrSheet';
export { SheetLink } from './SheetLink';
