/** Spanish texts of the die shop (mfe-dieshop registers them as the 'dieshop' namespace). */
export const dieshop = {
  load: {
    failed: 'No se pudo mostrar la información',
    retry: 'Reintentar',
    back: 'Volver al inventario de matrices',
  },
};
