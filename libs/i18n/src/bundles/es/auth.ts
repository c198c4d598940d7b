/**
 * Spanish texts of sign-in, registration, sign-out and the identity-provider callback. The login
 * texts the specification quotes are written exactly as there ('INGRESA A TU CUENTA', 'Correo',
 * 'Contraseña', 'INGRESAR'). Field validation texts stay in @planta/contracts (messages.ts).
 */
export const auth = {
  login: {
    title: 'INGRESA A TU CUENTA',
    email: 'Correo',
    password: 'Contraseña',
    showPassword: 'Mostrar contraseña',
    hidePassword: 'Ocultar contraseña',
    submit: 'INGRESAR',
    noAccount: '¿No tienes una cuenta?',
    register: 'Regístrate',
    logoAlt: 'Logotipo de Planta',
    description: 'Tu aliado confiable, productivo y transparente en la gestión de la planta de extrusión.',
    detail: 'Producción, mantenimiento y matricería en un solo lugar, con la información al día para cada turno.',
  },
  register: {
    title: 'Crea tu cuenta',
    tabs: {
      jwt: 'Correo y contraseña',
      firebase: 'Cuenta de Google',
      auth0: 'Acceso corporativo (SSO)',
    },
    displayName: 'Nombre para mostrar',
    email: 'Correo',
    password: 'Contraseña',
    confirmPassword: 'Confirmar contraseña',
    companyName: 'Nombre de la empresa',
    submit: 'Crear cuenta',
    haveAccount: '¿Ya tienes una cuenta?',
    toLogin: 'Ingresa',
    toDashboard: 'Ir al tablero',
    providerNotConfigured: 'Esta forma de registro no está configurada en esta instalación. Usa «{{fallback}}» o pide una cuenta a un administrador.',
    success: 'Tu cuenta se creó correctamente',
    closed: 'El registro de nuevas empresas está cerrado en esta instalación. Pide una cuenta al administrador de tu empresa.',
    invitation: 'Código de invitación',
  },
  logout: {
    message: 'Cerrando sesión...',
    done: 'Sesión cerrada',
  },
  changePassword: {
    title: 'Cambia tu contraseña',
    explanation: 'Al guardarla se cerrarán tus sesiones abiertas en otros equipos; esta sigue abierta.',
    current: 'Contraseña actual',
    new: 'Nueva contraseña',
    confirm: 'Confirmar la nueva contraseña',
    submit: 'Cambiar contraseña',
    done: 'Tu contraseña se cambió correctamente',
    back: 'Volver al portal',
  },
  link: {
    email: 'Correo',
    confirm: 'Repite la contraseña',
    expires: 'El enlace vence el {{date}}.',
    checking: 'Comprobando el enlace...',
    invalidTitle: 'Este enlace ya no sirve',
    toLogin: 'Ir a ingresar',
  },
  invitation: {
    title: 'Únete a {{company}}',
    explanation:
      '{{name}}: te invitaron a trabajar en Planta con {{company}}. Elige una contraseña para tu cuenta. Si ya tienes una cuenta de Planta con este correo, escribe su contraseña.',
    password: 'Contraseña',
    submit: 'ACEPTAR INVITACIÓN',
    done: 'Ya formas parte de {{company}}',
  },
  resetPassword: {
    title: 'Elige una contraseña nueva',
    explanation: '{{name}}: tu contraseña se restableció y tus sesiones abiertas se cerraron. Elige una contraseña nueva para volver a ingresar.',
    password: 'Contraseña nueva',
    submit: 'GUARDAR CONTRASEÑA',
    done: 'Tu contraseña nueva quedó guardada',
  },
  callback: {
    providerNotConfigured: 'El inicio de sesión con un proveedor externo no está configurado en esta instalación.',
    message: 'Validando tu acceso...',
  },
};
