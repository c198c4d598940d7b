/** The address of 'Iniciar extrusión', and the query parameter that preselects its order. */
export const EXTRUSION_START_PATH = '/apps/extrusion/new';
export const ORDER_QUERY_PARAM = 'order';

/** 'Iniciar extrusión' with this order chosen. */
export const extrusionStartPath = (orderId: number) => `${EXTRUSION_START_PATH}?${ORDER_QUERY_PARAM}=${orderId}`;
