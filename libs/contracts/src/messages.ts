import { tokenMessages } from './token.messages';

/** How a moment is written, as the messages show it. */
const DATE_TIME_EXAMPLE = 'AAAA-MM-DDTHH:MM:SS y Z o ±HH:MM, hasta ±14:00';

/** '1 segundo', '45 segundos', '1 minuto', '5 minutos': a wait rounded up to whole units. */
function waitText(seconds: number): string {
  if (seconds < 60) return seconds === 1 ? '1 segundo' : `${seconds} segundos`;
  const minutes = Math.ceil(seconds / 60);
  return minutes === 1 ? '1 minuto' : `${minutes} minutos`;
}

/**
 * Validation and error texts. The ones quoted in the product specification are kept exactly as
 * written there (including its English template texts for registration).
 */
export const messages = {
  required: 'Este campo es obligatorio',
  emailMinLength: 'El tamaño minimo es 4',
  emailFormat: 'El formato del correo es incorrecto',
  passwordMinLength: 'El tamaño mínimo es 4',
  tooLong: (max: number) => `El tamaño máximo es ${max}`,
  displayNameMinLength: 'El nombre debe tener al menos 4 caracteres',
  registerEmail: 'Ingresa un correo válido',
  passwordsDoNotMatch: 'Las contraseñas no coinciden',
  weakPassword: 'La contraseña debe tener al menos 8 caracteres',
  companyNameRequired: 'Ingresa el nombre de la empresa',
  emailInUse: 'El correo ya está en uso',
  invalidCredentials: 'Correo o contraseña incorrectos',
  noActiveCompany: 'Ninguna de tus empresas está activa: pide ayuda a un administrador',
  /** A sign-in that must wait: `seconds` is also sent as Retry-After. */
  tooManyAttempts: (seconds: number) => `Demasiados intentos fallidos. Vuelve a intentarlo en ${waitText(seconds)}.`,
  tooManyRegistrations: (seconds: number) => `Demasiados registros desde esta red. Vuelve a intentarlo en ${waitText(seconds)}.`,
  registrationClosed: 'El registro de nuevas empresas está cerrado en esta instalación. Pide una cuenta al administrador de tu empresa.',
  registrationByInvitation: 'El registro de nuevas empresas es solo por invitación. Usa el enlace de invitación que recibiste.',
  invitationInvalid: 'La invitación no es válida, ya se usó o expiró',
  ...tokenMessages,
  tokenSignInSucceeded: 'Autenticado correctamente',
  shareTokenInvalid: 'El enlace compartido no es válido o ya expiró',
  forbidden: 'No tienes permiso para esta acción',
  companyMismatch: 'La empresa indicada no es la empresa activa de la sesión',
  notFound: 'No encontrado',
  methodNotAllowed: 'Método no permitido',
  /** A method this address does not answer, with the ones it does (also sent as Allow). */
  methodNotAllowedHere: (allowed: readonly string[]) => `Esta dirección no admite este método; admite ${allowed.join(', ')}`,
  unknownParameter: (name: string) => `Parámetro desconocido: ${name}`,
  invalidAddress: 'La dirección de la solicitud no es válida',
  validationFailed: 'Los datos enviados no son válidos',
  positiveNumber: 'Debe ser un número mayor que cero',
  nonNegativeNumber: 'Debe ser un número igual o mayor que cero',
  wholeNumber: 'Debe ser un número entero',
  wholeNumberBetween: (min: number, max: number) => `Debe ser un número entero entre ${min} y ${max}`,
  /** A record id that is no positive whole number an id column holds. */
  invalidId: 'El identificador debe ser un número entero positivo',
  atMost: (max: number) => `Debe ser como máximo ${max}`,
  timeFormat: 'Usa el formato HH:MM (24 horas)',
  dateFormat: 'Usa una fecha válida (AAAA-MM-DD)',
  /** A moment not written as date, time and UTC offset (within ±14:00), or beyond the years 1 to 9999. */
  dateTimeFormat: `Usa una fecha y hora válidas con su zona horaria (${DATE_TIME_EXAMPLE})`,
  /** The `from` or `to` of a period: a day, or a moment as above, from 1970 to 8999. */
  periodBound: `Usa una fecha (AAAA-MM-DD) o una fecha y hora con su zona horaria (${DATE_TIME_EXAMPLE}), entre 1970 y 8999`,
  periodOrder: 'La fecha «hasta» debe ser posterior a la fecha «desde»',
  /** The database refused a value its column cannot hold (a rule no schema stated): 400 on the field, never a 500. */
  dateNotStorable: 'La fecha no es válida o está fuera del rango que se puede guardar',
  numberNotStorable: 'El número está fuera del rango que se puede guardar',
  textNotStorable: 'El texto es demasiado largo para guardarlo',
  /** A text with a NUL character or half of a surrogate pair (a broken copy and paste): nothing can store it. */
  invalidCharacters: 'El texto contiene caracteres no válidos',
  /** A line break, a tab or another control character in a text of one line (a name, a code, a search). */
  singleLineText: 'Escribe este dato en una sola línea, sin saltos de línea, tabuladores ni caracteres de control',
  /** A control character other than tabs and line breaks in a text of several lines (a note, a description). */
  controlCharacters: 'El texto contiene caracteres de control no válidos',
  /** A number in a query or path written other than in plain digits ('1e3', ' 1', 'true'). */
  wholeNumberDigits: 'Escribe un número entero, solo con cifras',
  /** Free-form settings beyond their bounds (size in KB). */
  settingsTooLarge: (kb: number) => `La configuración es demasiado grande o anidada (máximo ${kb} KB)`,
  /** A picture that is neither an image data URL nor a file uploaded here (no address elsewhere: a tracking pixel). */
  imageUrl: 'Usa una imagen subida a Planta o una imagen data:image/… (no se admiten direcciones de otros sitios)',
  /** A list query whose label matches or sort order do not name the list's columns and values. */
  invalidListQuery: 'La búsqueda o el orden de la lista no son válidos',
  /** A reference to a record that does not exist in the active company. */
  referenceMissing: 'La opción elegida no existe',
  /** A unique value already taken, when the resource declares no text of its own. */
  duplicate: 'Ya existe un registro con ese valor',
  /** Deleting a record that others still use: `what` names them ("Máquinas (2) y Turnos (1)"). */
  inUse: (what: string) => `No se puede eliminar: está en uso en ${what}`,
  maxUploadSize: (mb: number) => `El tamaño máximo permitido es de ${mb}MB`,
  informationSaved: 'Información Guardada',
  chatMessageEmpty: 'El mensaje no puede estar vacío',
  chatMessageTooLong: (max: number) => `El mensaje no puede superar ${max} caracteres`,
  chatSenderNotCaller: 'El remitente debe ser el usuario de la sesión',
  chatToYourself: 'No puedes enviarte mensajes a ti mismo',
  chatRecipientNotColleague: 'El destinatario no es un compañero de la empresa activa',
  chatReaderNotCaller: 'Solo puedes marcar como leídos los mensajes que recibiste',
  chatDieNotFound: 'La matriz no existe en la empresa activa',
  chatNewMessage: 'Nuevo mensaje',
  chatNewMessageFrom: (name: string) => `Nuevo mensaje de ${name}`,
  userIsOnline: (name: string) => `${name} está en línea`,
  userIsOffline: (name: string) => `${name} se desconectó`,
  notificationsOnlyYours: 'Solo puedes consultar tus propias notificaciones',
  realtimeGuestRefused: 'Los invitados no pueden usar el canal en tiempo real',
  joinToRoomRefused: 'La sala solicitada no corresponde a la sesión',
  /** 503: the database cannot be reached for now (the answer carries Retry-After). */
  serviceUnavailable: 'El servidor no está disponible en este momento. Inténtalo de nuevo en unos segundos.',
  /** 503 while the API is shutting down (a restart or a deploy): the request was not processed. */
  serverRestarting: 'El servidor se está reiniciando. Inténtalo de nuevo en unos segundos.',
  // Page-role permissions (issue 11)
  /** 409: the change would leave the caller without read and update on the page-role screen. */
  pageRoleSelfLockout:
    'No puedes quitarte tu último acceso a Permisos por rol: ninguno de tus roles conservaría los permisos de leer y modificar esta pantalla',
  /** 409: the change would leave no role held by an active member able to administer the permissions. */
  pageRoleLastAdministrator: 'La empresa debe conservar al menos un rol, asignado a un usuario activo, que pueda leer y modificar Permisos por rol',
  /** 403 (audited): granting an action on a page that none of the caller's roles has. */
  pageRoleEscalation: (actions: string, page: string) => `No puedes conceder permisos que no tienes: ${actions} en ${page}`,
  /** Names of the four actions in the messages above. */
  pageRoleActions: { read: 'Leer', insert: 'Crear', update: 'Modificar', delete: 'Eliminar' },
  // Companies, roles and pages of the administration area (issue 11).
  companyNameTaken: 'Ya existe una empresa con ese nombre',
  invalidTimeZone: 'Elige una zona horaria válida de la lista (por ejemplo, Europe/Madrid)',
  uploadLimitRange: 'El límite de carga debe ser un número entero de MB entre 1 y 100',
  invalidCurrency: 'Indica la moneda con su código ISO 4217 de tres letras (por ejemplo, EUR)',
  companyNotEmpty: (what: string) =>
    `No se puede eliminar la empresa: tiene ${what}. Desactívala en su lugar; nadie podrá entrar en ella y sus datos se conservan.`,
  companyDeleteCurrent: 'No puedes eliminar la empresa en la que estás trabajando. Cambia antes a otra empresa.',
  companyDeactivateCurrent: 'No puedes desactivar la empresa en la que estás trabajando. Cambia antes a otra empresa.',
  roleNameTaken: 'Ya existe un rol con ese nombre',
  builtInRoleReadOnly: 'Los roles integrados (admin, staff, user, guest) no se pueden modificar ni eliminar',
  roleHeld: (users: number) =>
    `No se puede eliminar el rol: ${users === 1 ? 'lo tiene 1 usuario' : `lo tienen ${users} usuarios`}. Quítaselo antes de eliminarlo.`,
  // Users administration (issue 11)
  userEmailExists: 'Ya existe un usuario con ese correo en la instalación',
  userRoleNotHeld: 'No puedes asignar un rol con permisos que tú no tienes',
  userAdminRoleNotHeld: 'Solo un administrador de la empresa puede asignar el rol de administrador',
  userCompanyNotHeld: 'No puedes asignar ni quitar una empresa en la que no administras usuarios',
  userRoleUnknown: 'El rol no existe en la empresa activa',
  userActiveCompanyRequired: 'El usuario debe seguir perteneciendo a la empresa activa',
  userLastAdmin: 'Es el último administrador activo de la empresa: asigna antes el rol de administrador a otra persona',
  userCannotDeactivateSelf: 'No puedes desactivar tu propio usuario',
  userHasHistory: 'El usuario tiene historial (mensajes, auditoría, órdenes…): desactívalo en lugar de eliminarlo',
  userRolesRequired: 'Elige al menos un rol',
  currentPasswordWrong: 'La contraseña actual no es correcta',
  newPasswordSameAsCurrent: 'La nueva contraseña debe ser distinta de la actual',
  userCannotResetOwnPassword: 'No puedes restablecer tu propia contraseña: cámbiala con tu contraseña actual',
  // What is the person's own (issue 36)
  userIdentityNotYours: 'Solo la persona o quien administra todas sus empresas puede cambiar su nombre, cargo o foto',
  userResetNotAllCompanies: 'Solo quien administra todas las empresas de la persona puede restablecer su contraseña',
  userAlreadyMember: 'Esa persona ya es miembro de la empresa',
  userInvitationsTooMany: 'Se crearon demasiadas invitaciones en la última hora: espera un poco antes de invitar a más personas',
  linkInvalid: 'El enlace no es válido, ya se usó o venció. Pide uno nuevo a quien administra tu empresa.',
  invitationPasswordWrong: 'Este correo ya tiene una cuenta de Planta: escribe la contraseña de esa cuenta',
} as const;

/** Registration failure codes of spec section 8 and the form field each one belongs to. */
export const registrationErrorFields = {
  'email-already-in-use': 'email',
  'invalid-email': 'email',
  'operation-not-allowed': 'displayName',
  'user-not-found': 'displayName',
  'user-disabled': 'displayName',
  'weak-password': 'password',
  'wrong-password': 'password',
} as const;
export type RegistrationErrorCode = keyof typeof registrationErrorFields | 'invalid-api-key';

/** The spec 8 code a failing registration field is reported with, when it has one. */
export const registrationFieldCodes: Record<string, RegistrationErrorCode> = { email: 'invalid-email', password: 'weak-password' };
