/**
 * Spanish common texts only signed-in screens show (the boards' kanban, the checks' tolerances): loaded with the signed-in
 * chunk (signed-in.ts), so that the sign-in page does not carry them.
 */
export const commonSignedIn = {
  kanban: {
    move: 'Mover {{card}}',
    instructions:
      'Para mover una tarjeta con el teclado: en su botón Mover pulsa Espacio o Intro, elige la columna con las flechas y pulsa Espacio o Intro para soltarla; Escape cancela.',
    picked: '{{card}} levantada en {{column}}. Elige la columna con las flechas.',
    over: '{{card}} sobre {{column}}.',
    overRefused: '{{card}} sobre {{column}}: {{reason}}',
    dropped: '{{card}} movida a {{column}}.',
    cancelled: 'Movimiento cancelado: {{card}} sigue en {{column}}.',
    refused: 'No se movió {{card}}: {{reason}}',
    count: 'Tarjetas: {{count}}',
    empty: 'Sin tarjetas',
    readOnly: 'Solo lectura: no tienes permiso para mover tarjetas.',
    cardActions: 'Acciones de {{card}}',
    moveTo: 'Mover a…',
    moveToTitle: 'Mover {{card}} a…',
    column: 'Columna',
    currentColumn: '{{column}} (actual)',
    position: 'Posición',
    positionBefore: '{{position}} · antes de {{card}}',
    positionEnd: '{{position}} · al final',
    moveSubmit: 'Mover',
    warnTitle: '¿Mover igualmente?',
    moveAnyway: 'Mover igualmente',
  },
  /** A profile's critical dimension beside its field (10-minute checks). */
  dimensions: {
    tolerance: 'Nominal {{nominal}} mm (−{{minus}} / +{{plus}})',
    noTolerance: 'Sin nominal en el perfil',
  },
  /** A built-in role's code (admin, staff, user, guest) as a person reads it; a company's own roles read as named. */
  /** A date field's calendar button (the day is typed in the language's pattern, dd/mm/aaaa). */
  dateField: { calendar: 'Elegir en el calendario' },
  roles: {
    admin: 'Administrador',
    staff: 'Jefe o técnico',
    user: 'Operario',
    guest: 'Invitado',
  },
};
