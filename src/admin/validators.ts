// Form rules shared by the back-office's forms (docs/PRODUCT.md, Validation messages). Messages are i18n keys.
import type { Validator } from 'react-admin';

/** 'Required': empty, missing or only spaces. */
export const required: Validator = (v) =>
  v === undefined || v === null || String(v).trim() === '' ? 'specter.validation.required' : undefined;
