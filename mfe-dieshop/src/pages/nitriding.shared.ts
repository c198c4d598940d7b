/** Base of the nitriding screens (spec 2.2 /apps/die-nitruring-confirm/:id). */
export const NITRIDING_PATH = '/apps/die-nitruring-confirm';
