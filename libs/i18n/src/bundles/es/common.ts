/**
 * Spanish, the default bundle: words and buttons used everywhere. The texts the specification
 * quotes are written exactly as there ('Cargando...', 'Describe el ítem', the upload limit).
 * Validation texts of forms stay in @planta/contracts (messages.ts), next to their schemas.
 */
export const common = {
  loading: 'Cargando...',
  actions: {
    save: 'Guardar',
    cancel: 'Cancelar',
    close: 'Cerrar',
    delete: 'Eliminar',
    edit: 'Editar',
    new: 'Nuevo',
    add: 'Agregar',
    search: 'Buscar',
    exportExcel: 'Exportar a Excel',
    retry: 'Reintentar',
    back: 'Volver',
    confirm: 'Confirmar',
    accept: 'Aceptar',
    clear: 'Limpiar',
    clearSelection: 'Quitar selección',
    refresh: 'Actualizar',
    view: 'Ver',
    send: 'Enviar',
  },
  words: {
    yes: 'Sí',
    no: 'No',
    actions: 'Acciones',
    noData: 'Sin datos',
    all: 'Todos',
    name: 'Nombre',
    description: 'Descripción',
    date: 'Fecha',
    status: 'Estado',
  },
  table: {
    rowsPerPage: 'Filas por página',
    noData: 'Sin datos',
    searchPlaceholder: 'Buscar...',
    range: '{{from}}–{{to}} de {{count}}',
    firstPage: 'Primera página',
    previousPage: 'Página anterior',
    nextPage: 'Página siguiente',
    lastPage: 'Última página',
    sortAscending: 'Orden ascendente',
    sortDescending: 'Orden descendente',
  },
  form: {
    loadError: 'No se pudo cargar el registro',
    saved: 'Información Guardada',
    deleted: 'Registro eliminado',
    reviewFields: 'Revisa los campos marcados',
    choose: 'Elige una opción',
    none: 'Ninguno',
    backToList: 'Volver a la lista',
    notFound: 'Este registro no existe o ya fue eliminado.',
  },
  unsaved: {
    title: 'Cambios sin guardar',
    message: 'Si sales ahora, los cambios que hiciste se perderán.',
    stay: 'Seguir editando',
    leave: 'Salir sin guardar',
  },
  confirmDelete: {
    title: 'Eliminar registro',
    message: '¿Seguro que quieres eliminar este registro? Esta acción no se puede deshacer.',
  },
  chipSelect: {
    noOptions: 'Describe el ítem',
  },
  upload: {
    choose: 'Seleccionar archivo',
    dropHere: 'Arrastra un archivo aquí',
    maxSize: 'El tamaño máximo permitido es de {{n}}MB',
  },
  feedback: {
    saved: 'Cambios guardados',
    deleted: 'Registro eliminado',
  },
  errors: {
    forbidden: 'No tienes permiso para esta acción',
    network: 'No se pudo conectar con el servidor. Revisa tu conexión e inténtalo de nuevo.',
    unexpected: 'Ocurrió un error inesperado. Inténtalo de nuevo.',
    notFound: 'No encontrado',
  },
  landing: {
    soon: 'Esta pantalla se habilitará próximamente; aquí verás los datos de tu empresa.',
  },
};
