// Form rules shared by the back-office's forms (SPEC.md section 5). Messages are i18n keys.
import type { Validator } from 'react-admin';

/** 'Required': empty, missing or only spaces. */
export const required: Validator = (v) => (v === undefined || v === null || String(v).trim() === '' ? 'specter.validation.required' : undefined);
