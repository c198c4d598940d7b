export * from './audit.endpoints';
export * from './auth.endpoints';
export * from './chat.endpoints';
export * from './dieshop.endpoints';
export * from './permissions.endpoints';
export * from './production.endpoints';
export * from './company-admin.endpoints';
export * from './users.endpoints';
