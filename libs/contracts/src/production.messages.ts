import { messages } from './messages';

// zod-free: the resource declarations (whose routes the shell contract reads on the sign-in page)
// use these texts; the schemas stay in production.schema.ts.

export const lineMessages = {
  billetNotSmallerThanContainer: 'El diámetro del tocho debe ser menor que el diámetro interior del contenedor',
  usableTableTooLong: 'La longitud útil de la mesa no puede superar la longitud de la mesa',
  discardNotShorterThanBillet: 'El descarte debe ser más corto que el tocho',
} as const;

/** Finished orders the planning board shows at first, and how many more each 'Ver más' adds; at most. */
export const BOARD_FINISHED_PAGE = 20;
export const BOARD_FINISHED_MAX = 1000;
/** Cards an open column of the planning board shows at most (to plan, each line's planned, in press). */
export const BOARD_COLUMN_CARDS = 300;

export const productionMessages = {
  nonNegativeNumber: messages.nonNegativeNumber,
  wholeNumber: messages.wholeNumber,
  timeFormat: messages.timeFormat,
  dateFormat: messages.dateFormat,
  sameStartAndEnd: 'La hora de fin debe ser distinta de la de inicio',
  dueRange: 'La fecha «hasta» debe ser igual o posterior a la fecha «desde»',
  chooseDays: 'Elige al menos un día',
  shiftOverlap: 'El turno se solapa con otro turno de la misma línea',
  minNotBelowMax: 'El mínimo debe ser menor que el máximo',
  alloyDesignation: 'Usa la designación de la aleación, por ejemplo 6063 o 6005A',
  alloyTemper: 'Temple no válido (por ejemplo F, O, T4, T5, T6 o T66)',
  alloyDensity: 'La densidad de una aleación de aluminio está entre 2,5 y 3,0 g/cm³',
  anodisedColour: 'Indica el color del anodizado',
  anodisedClass: 'Elige la clase de espesor del anodizado',
  ralColour: 'Usa un color RAL, por ejemplo RAL 9016',
  chooseLine: 'Elige la línea',
  chooseDie: 'Elige la matriz',
  chooseAlloy: 'Elige la aleación',
  chooseOrder: 'Elige la orden',
  machineCode: 'Usa letras mayúsculas, números, punto, guion o guion bajo (por ejemplo PR-01)',
  machineCriticality: 'Elige la criticidad (A, B o C)',
  // Conflicts (409) and refusals of the production rules.
  lineNameTaken: 'Ya existe una línea con ese nombre',
  finishNameTaken: 'Ya existe un acabado con ese nombre',
  alloyTaken: 'Ya existe esa aleación con ese temple',
  machineCodeTaken: 'Ya existe una máquina con ese código',
  machineParentCycle: 'Una máquina no puede depender de sí misma ni de una máquina que depende de ella',
  orderInUse: 'La orden tiene historial de extrusión: no se puede eliminar',
  orderNumberTaken: 'Ya existe una orden con ese número',
  orderLineLocked: 'La línea de una orden en prensa o terminada no se puede cambiar',
  orderFinished: 'La orden ya está terminada',
  dieNotOfOrder: 'La matriz no es una copia de la matriz de la orden',
  dieAlreadyRunning: 'Esta matriz ya está en marcha en otra línea',
  lineBusy: 'La línea ya está extruyendo otra orden: detenla antes de iniciar otra',
  // Why a press or a die copy cannot start a run now (run-start.rules.ts): the start form's disabled choices and start()'s 409.
  pressStopped: (cause: string) => `Detenida: ${cause}`,
  pressRunning: (order: string) => `Extruyendo ${order}`,
  dieInPress: (line: string, order: string) => `En prensa en ${line} (${order})`,
  preparationUnfinished: 'Preparación sin terminar',
  /** To the operator who started a run, when the stop of its press ends. */
  runResumable: (line: string, order: string) =>
    `${line} ya no está detenida: la extrusión de ${order} vuelve a contar. Si no sigue, termínala en Iniciar extrusión.`,
  orderDieNotRunning: 'La extrusión de esta orden no está en marcha',
  /** A 10-minute check refused while the run's press is stopped (its clock stands still: no mark is due). */
  checkWhilePaused: (cause: string) => `La prensa está detenida: ${cause}. El control se registra al reanudar.`,
  tooMuchOutput: 'Los kg buenos más el scrap superan el peso de los tochos empujados',
  activeTimerOnlyYours: 'Solo puedes consultar tus propias órdenes en marcha',
  lateCheckOnlyYours: 'Solo puedes responder los controles de las extrusiones que iniciaste',
  lateCheckNotMissed: 'Ese control no está perdido: solo un control perdido se responde tarde',
  lateCheckAnswered: 'Ese control perdido ya fue respondido',
  boardIntoPress: 'Una orden entra en prensa solo al iniciar su extrusión',
  /** A start refused because the die's preparation is not finished: what is missing, and who may start it all the same. */
  preparationOpen: (number: string, missing: string) => `El alistamiento ${number} de esta matriz no está terminado: falta ${missing}`,
  preparationOverrideHint: 'Un jefe puede iniciar igualmente indicando el motivo',
  preparationOverrideNotAllowed: 'No tienes permiso para iniciar con un alistamiento sin terminar',
  preparationOverrideReason: 'Indica por qué se inicia con el alistamiento sin terminar',
  orderInPressWithoutRun: 'Una orden está en prensa solo mientras una de sus extrusiones está en marcha',
  boardFinishNeverRan: 'No se puede terminar una orden que nunca se extruyó',
  boardRunning: 'La orden está extruyendo: detén la extrusión antes de moverla',
  boardFinishedIsFinal: 'Una orden terminada no vuelve a planificarse',
  boardLine: 'Línea no válida',
  boardDueRange: 'La fecha «hasta» no puede ser anterior a la fecha «desde»',
  boardFinishedLimit: messages.wholeNumberBetween(1, BOARD_FINISHED_MAX),
} as const;
