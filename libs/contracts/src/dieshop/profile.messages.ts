// zod-free: the profile resource's declaration (whose route the shell contract reads on the sign-in
// page) uses these texts; the schemas stay in profile.schema.ts.

/** The Spanish texts of profiles and their critical dimensions (refusals shown on their fields). */
export const profileMessages = {
  code: 'Indica el código del perfil (letras, números, guiones)',
  codeTaken: 'Ya existe un perfil con ese código',
  shape: 'Elige la forma del perfil',
  label: 'Indica la cota con letras o números (A, B, C1…)',
  labelTaken: 'Esa cota ya está en la lista',
  nominal: 'La medida nominal es un número de milímetros mayor que 0',
  tolerance: 'La tolerancia es un número de milímetros igual o mayor que 0',
  tooManyDimensions: 'Un perfil tiene como mucho 20 cotas críticas',
  drawingFile: 'El plano debe ser un PDF o una imagen JPEG, PNG o WebP',
  drawingMissing: 'Elige el archivo del plano',
} as const;
