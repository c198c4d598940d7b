/** Spanish texts of the die shop (mfe-dieshop registers them as the 'dieshop' namespace). */
export const dieshop = {
  correctionRecord: {
    title: 'Registro de corrección n.º {{id}}',
    die: 'Matriz',
    reason: 'Motivo',
    status: 'Estado',
    openedAt: 'Abierta el',
    closedAt: 'Cerrada el',
    reports: 'Reportes del corrector',
    noReports: 'Aún no hay reportes del corrector para esta corrección.',
  },
  correctionReport: {
    title: 'Reporte de corrección n.º {{id}}',
    die: 'Matriz',
    correction: 'Corrección',
    findings: 'Hallazgos',
    actions: 'Acciones realizadas',
    createdAt: 'Fecha del reporte',
    mismatch: 'Este reporte no pertenece a la corrección que indica el enlace.',
  },
  correctionStatus: {
    open: 'Abierta',
    'in-progress': 'En curso',
    closed: 'Cerrada',
  },
  load: {
    failed: 'No se pudo mostrar la información',
    retry: 'Reintentar',
    back: 'Volver al inventario de matrices',
  },
};
