/** The addresses of production confirmation and cleaning (spec 2.2; module.ts declares their routes). */
export const CONFIRMATION_PATH = '/apps/die-confirm-production';
export const CLEANING_PATH = '/apps/die-cleaning';
