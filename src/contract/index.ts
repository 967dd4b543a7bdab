// The contract of docs/API.md: request bodies and answers of every call, as zod schemas.
// Imported by the server (validation, OpenAPI) and by the back-office (types, form rules).
// The public invoice page imports only *types* from here (import type), so zod stays out of its bundle.
export * from './common';
export * from './currency';
export * from './auth';
export * from './admins';
export * from './appUsers';
export * from './restaurants';
export * from './orders';
export * from './invoice';
export * from './customer';
export * from './activity';
export * from './publicConfig';
export * from './savedOrders';
export * from './guests';
export * from './resource';
export * from './loyalty';
